import { describe, expect, it } from 'vitest';
import { isWellFormedJoinCode, joinCodeOfPath, joinPath, normalizeJoinCode } from './join-code';

describe('join codes', () => {
  it('are read as the server reads them: any case, spaces and dashes ignored', () => {
    expect(normalizeJoinCode('k7mx-q3pr')).toBe('K7MXQ3PR');
    expect(normalizeJoinCode(' K7MX Q3PR ')).toBe('K7MXQ3PR');
    expect(isWellFormedJoinCode('K7MXQ3PR')).toBe(true);
  });

  it('are 8 characters from the alphabet without look-alikes', () => {
    for (const bad of ['', 'K7MXQ3P', 'K7MXQ3PRR', 'K7MXQ3P0', 'K7MXQ3PI', 'K7MXQ3PL', 'Ж7MXQ3PR', 'K7MX_3PR']) {
      expect(isWellFormedJoinCode(normalizeJoinCode(bad))).toBe(false);
    }
  });

  it('come from the join link, whatever follows /join/', () => {
    expect(joinCodeOfPath('/join')).toBeNull();
    expect(joinCodeOfPath('/join/')).toBeNull();
    expect(joinCodeOfPath('/join/K7MXQ3PR')).toBe('K7MXQ3PR');
    expect(joinCodeOfPath('/join/k7mx%20q3pr/')).toBe('K7MXQ3PR');
    expect(joinCodeOfPath('/join/%E0%A4%A')).toBe('%E0%A4%A');
    expect(joinPath('K7MXQ3PR')).toBe('/join/K7MXQ3PR');
  });
});
