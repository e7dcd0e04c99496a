// Unit tests of the client (client/test/**/*.test.ts) in Node, with `vscode` replaced by
// jest-mock-vscode (see client/test/setup.ts).
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: {
    // `vscode` exists only inside the editor; resolve it to a stub that setup.ts mocks.
    alias: { vscode: fileURLToPath(new URL('./client/test/vscode-stub.ts', import.meta.url)) },
  },
  test: {
    include: ['client/test/**/*.test.ts'],
    setupFiles: ['client/test/setup.ts'],
    environment: 'node',
    restoreMocks: true,
  },
});
