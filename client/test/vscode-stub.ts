// Resolution target for `import 'vscode'` in unit tests; setup.ts replaces it with jest-mock-vscode.
export {};
