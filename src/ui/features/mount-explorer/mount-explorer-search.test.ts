import { describe, expect, it } from 'vitest';
import { mountExplorerSearchSchema } from './mount-explorer-search';

describe('mountExplorerSearchSchema', () => {
  it('keeps a preview file name, including numeric ones', () => {
    expect(mountExplorerSearchSchema.parse({ preview: 'notes.md' })).toEqual({ preview: 'notes.md' });
    expect(mountExplorerSearchSchema.parse({ preview: 2024 })).toEqual({ preview: '2024' });
  });

  it('drops a missing or invalid preview', () => {
    expect(mountExplorerSearchSchema.parse({})).toEqual({});
    expect(mountExplorerSearchSchema.parse({ preview: '' })).toEqual({ preview: undefined });
    expect(mountExplorerSearchSchema.parse({ preview: { a: 1 } })).toEqual({ preview: undefined });
  });
});
