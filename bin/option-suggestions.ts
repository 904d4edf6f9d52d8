// "Did you mean" for an unknown option: the command's option names nearest to what was typed, as
// for a mistyped command. Nearest by edit distance when it is small for the name's length
// (`--trading-prot` → `--trading-port`); otherwise the options that hold the typed name as one of
// their words (`--port` → `--trading-port`, `--wallet-port`), since a short name is close to many
// unrelated ones (`port` is two edits from `host`).
import { closestNames, editDistance } from '../toolkits/closest-names.js';

/** What to suggest for the unknown `name` among `options` (kebab-case, without dashes); [] when nothing is near. */
export function optionSuggestions(name: string, options: readonly string[]): string[] {
  const wanted = name.toLowerCase();
  const tolerance = Math.max(1, Math.floor(wanted.length / 3));
  const nearest = closestNames(wanted, options, 1)[0];
  if (nearest !== undefined && editDistance(wanted, nearest) <= tolerance) {
    return closestNames(wanted, options, 2).filter((option) => editDistance(wanted, option) === editDistance(wanted, nearest));
  }
  const words = wanted.split('-');
  return options.filter((option) => words.every((word) => option.split('-').includes(word))).slice(0, 3);
}

/** The "Did you mean …?" sentence for the unknown options of a command line; '' when none has a suggestion. */
export function didYouMean(unknown: readonly string[], options: readonly string[]): string {
  const parts = unknown.flatMap((name) => {
    const suggestions = optionSuggestions(name, options).map((option) => `--${option}`);
    if (suggestions.length === 0) return [];
    const alternatives = suggestions.length === 1 ? suggestions[0] : `${suggestions.slice(0, -1).join(', ')} or ${suggestions.at(-1)}`;
    return [unknown.length === 1 ? alternatives : `${alternatives} for --${name}`];
  });
  return parts.length === 0 ? '' : `Did you mean ${parts.join('; ')}?`;
}
