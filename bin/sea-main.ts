// The single executable's one script (scripts/build-sea.mjs bundles it, with every dependency, as
// CommonJS: what a Node single executable application runs). Inside it `require` reaches only
// Node's built-in modules, so ajv is handed over statically here (as doppel/browser does) instead
// of being required on first use; the version and the HTML API reference are the executable's
// assets (node:sea).
import { basename } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsPlugin from 'ajv-formats';
import { provideAjv, type AjvModules } from '../spec/ajv-modules.js';
import { runDoppel } from './run-doppel.js';

provideAjv({ Ajv2020, addFormats: ((addFormatsPlugin as unknown as { default?: unknown }).default ?? addFormatsPlugin) as AjvModules['addFormats'] });
// process.argv is [executable, executable, ...arguments] in a single executable, as yargs' hideBin
// expects. Usage lines name it as invoked (argv0: `doppel-linux-x64`, or the name of a link to it).
void runDoppel(process.argv.slice(2), basename(process.argv0) || 'doppel');
