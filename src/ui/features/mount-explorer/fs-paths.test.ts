import { describe, expect, it } from 'vitest';
import { childPath, crumbsOf, folderFromSplat, nameOf, parentOf, splatOf } from './fs-paths';

describe('explorer paths', () => {
  it('reads the route splat as a folder and back', () => {
    expect(folderFromSplat(undefined)).toBe('/');
    expect(folderFromSplat('')).toBe('/');
    expect(folderFromSplat('docs/team/')).toBe('/docs/team/');
    expect(splatOf('/docs/team/')).toBe('docs/team');
  });

  it('writes a literal % out, as the server expects, and reads names back', () => {
    expect(childPath('/m/', '100% done.txt')).toBe('/m/100%25 done.txt');
    expect(childPath('/m', 'new', true)).toBe('/m/new/');
    expect(nameOf('/m/100%25 done.txt')).toBe('100% done.txt');
    expect(nameOf('/m/sub/')).toBe('sub');
  });

  it('finds the parent folder and the breadcrumbs', () => {
    expect(parentOf('/m/a/b.txt')).toBe('/m/a/');
    expect(parentOf('/m/a/')).toBe('/m/');
    expect(parentOf('/m/')).toBe('/');
    expect(crumbsOf('/m/a%25b/')).toEqual([
      { label: 'm', folder: '/m/' },
      { label: 'a%b', folder: '/m/a%25b/' },
    ]);
    expect(crumbsOf('/')).toEqual([]);
  });
});
