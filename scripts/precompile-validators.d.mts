// Types of precompile-validators.mjs for the TypeScript tests that import it.
export declare function precompiledValidatorsSource(): Promise<string>;
