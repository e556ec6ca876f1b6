// The device id sent with sign-in and checkout confirmation: 9 to 20 characters derived from
// a generated UUID, the shape the contract's `DeviceId` accepts. Keeping it in storage is the
// app's job (src/lib/persistence.ts).
export const DEVICE_ID_PATTERN = /^[A-Za-z0-9-]{9,20}$/;
const DEVICE_ID_LENGTH = 16;

export function deviceIdFromUuid(uuid: string): string {
  return uuid.replace(/-/g, '').slice(0, DEVICE_ID_LENGTH);
}

export function isDeviceId(value: unknown): value is string {
  return typeof value === 'string' && DEVICE_ID_PATTERN.test(value);
}
