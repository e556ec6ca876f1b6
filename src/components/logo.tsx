// Logo: the FitStream mark drawn inline (the same drawing as public/favicon.svg, no extra
// request); the word mark is its accessible name.
export interface LogoProps {
  withWordmark?: boolean;
  size?: number;
}

export function Logo({ withWordmark = true, size = 32 }: LogoProps) {
  return (
    <span className="logo">
      <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
        <rect width="32" height="32" rx="7" fill="#151821" />
        <path d="M9 8h14v4h-9v3h8v4h-8v5H9z" fill="#ff4d5a" />
      </svg>
      {withWordmark ? <span className="logo__word">FitStream</span> : <span className="visually-hidden">FitStream</span>}
    </span>
  );
}
