import { describe, expect, it } from 'vitest';
import { adminModules, allowedModules, canOpenPanel, canUseMountExplorer } from './admin-modules';

const key = (text: boolean, file: boolean, mount: boolean) => ({
  kind: 'apikey' as const,
  permissions: { text, file, mount },
});

describe('admin module access', () => {
  it('gives an admin every module and the explorer', () => {
    expect(allowedModules({ kind: 'admin' })).toEqual([...adminModules]);
    expect(canUseMountExplorer({ kind: 'admin' })).toBe(true);
  });

  it('gives an API key the modules its permissions name', () => {
    expect(allowedModules(key(true, false, false))).toEqual(['text-management']);
    expect(allowedModules(key(true, true, true))).toEqual(['text-management', 'file-management', 'file-requests']);
    expect(allowedModules(key(false, true, false))).toEqual(['file-management']);
    expect(canUseMountExplorer(key(false, false, true))).toBe(true);
  });

  it('lets a key into the panel only with a text, file or mount right', () => {
    expect(canOpenPanel(key(false, false, true))).toBe(true);
    expect(canOpenPanel(key(false, false, false))).toBe(false);
    expect(canOpenPanel({ kind: 'apikey', permissions: null })).toBe(false);
  });
});
