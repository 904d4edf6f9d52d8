// Types of scripts/build-docs-html.mjs for the tests that import it.
export declare function slug(text: string): string;
export declare function renderApiReferenceHtml(): string;
export declare const API_REFERENCE_HTML: string;
