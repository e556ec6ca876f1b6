// The two widths the suite checks every screen at (the projects in playwright.config.ts).
export const DESKTOP = { width: 1280, height: 900 };
export const MOBILE = { width: 375, height: 812 };
