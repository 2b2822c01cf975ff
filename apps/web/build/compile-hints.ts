import type { Plugin } from 'vite';

/**
 * Marks the chunks that every page runs at start with V8's explicit compile hint
 * (`//# allFunctionsCalledOnLoad`, Chrome 126+): their functions are compiled eagerly while the
 * file streams in, on a background thread, rather than one by one on the main thread the first
 * time each is called while the page starts. Other browsers read a comment. Added once the chunks
 * are minified (the minifier drops comments), so their file names do not depend on it.
 */
export function compileHints(chunkNames: readonly string[]): Plugin {
  return {
    name: 'water:compile-hints',
    apply: 'build',
    generateBundle(_options, bundle) {
      for (const chunk of Object.values(bundle)) {
        if (chunk.type === 'chunk' && chunkNames.includes(chunk.name)) {
          chunk.code = `//# allFunctionsCalledOnLoad\n${chunk.code}`;
        }
      }
    },
  };
}
