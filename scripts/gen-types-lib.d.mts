// Types of gen-types-lib.mjs for the TypeScript tests that import it.
export declare const SPEC_NAMES: readonly ['trading', 'wallet'];
export declare const HEADER: string;
export declare function specPath(name: string): string;
export declare function generatedPath(name: string): string;
export declare function generateTypes(name: string, yamlText?: string): Promise<string>;
export declare function documentPath(name: string): string;
export declare function generateDocument(name: string, yamlText?: string): Promise<string>;
