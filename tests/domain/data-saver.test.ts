// Data saver's rule (domain/data-saver.ts): when it limits streaming, and the highest
// rendition it allows on a ladder (480p, or the lowest rendition above 360p).
import { describe, expect, it } from 'vitest';
import { allowedHeights, dataSaverCap, limitsStreaming, meteredOrSlow, UNKNOWN_CONNECTION } from '@domain/data-saver';

describe('data saver', () => {
  it('caps at 480p when the ladder has it, else at the lowest rendition above 360p', () => {
    expect(dataSaverCap([360, 480, 720, 1080])).toBe(480);
    expect(dataSaverCap([240, 360, 432, 480, 1080])).toBe(480);
    expect(dataSaverCap([360, 720, 1080, 2160])).toBe(720);
    expect(dataSaverCap([1080, 540, 360])).toBe(540);
    expect(dataSaverCap([240, 360])).toBeNull();
    expect(dataSaverCap([])).toBeNull();
  });

  it('offers the renditions up to the cap while it limits streaming, all of them otherwise', () => {
    expect(allowedHeights([360, 720, 1080], true)).toEqual([360, 720]);
    expect(allowedHeights([360, 720, 1080], false)).toEqual([360, 720, 1080]);
    expect(allowedHeights([240, 360], true)).toEqual([240, 360]);
  });

  it('limits always when on, never when off, and when automatic on metered or slow connections', () => {
    const fast = { saveData: false, effectiveType: '4g', connectionType: 'wifi' };
    expect(limitsStreaming('on', fast)).toBe(true);
    expect(limitsStreaming('off', { ...fast, saveData: true })).toBe(false);
    expect(limitsStreaming('auto', fast)).toBe(false);
    expect(limitsStreaming('auto', UNKNOWN_CONNECTION)).toBe(false);
    for (const effectiveType of ['slow-2g', '2g', '3g']) expect(meteredOrSlow({ ...fast, effectiveType })).toBe(true);
    expect(limitsStreaming('auto', { ...fast, saveData: true })).toBe(true);
    expect(limitsStreaming('auto', { ...fast, connectionType: 'cellular' })).toBe(true);
  });
});
