import { describe, expect, it } from 'vitest';
import { filesNeeded } from './check-bundle-size.ts';

const manifest = {
  'index.html': { file: 'assets/index.js', isEntry: true, imports: ['_react.js'], css: ['assets/index.css'] },
  '_react.js': { file: 'assets/react.js' },
  'src/page.tsx': {
    file: 'assets/page.js',
    imports: ['_react.js', '_shared.js'],
    dynamicImports: ['src/chart.ts'],
  },
  '_shared.js': { file: 'assets/shared.js', css: ['assets/shared.css'] },
  'src/chart.ts': { file: 'assets/chart.js', isDynamicEntry: true },
};

describe('filesNeeded', () => {
  it('counts each entry with its CSS and its static imports, once', () => {
    expect(filesNeeded(manifest, ['index.html', 'src/page.tsx']).sort()).toEqual([
      'assets/index.css',
      'assets/index.js',
      'assets/page.js',
      'assets/react.js',
      'assets/shared.css',
      'assets/shared.js',
    ]);
  });

  it('leaves out what is imported lazily', () => {
    expect(filesNeeded(manifest, ['src/page.tsx'])).not.toContain('assets/chart.js');
  });

  it('names an entry that is not in the manifest', () => {
    expect(() => filesNeeded(manifest, ['src/gone.tsx'])).toThrow('"src/gone.tsx" is not in the Vite manifest');
  });
});
