import type { Lang } from '../../i18n/lang';
import { messages } from '../../i18n/messages';
import type { BoundaryProblem } from './ward-geometry';

/** A refusal of the boundary check in words of `lang` (the catalogues' wards.problems). */
export function problemText(problem: BoundaryProblem, lang: Lang): string {
  const words = messages(lang).wards.problems[problem.code] as (p: BoundaryProblem) => string;
  return words(problem);
}
