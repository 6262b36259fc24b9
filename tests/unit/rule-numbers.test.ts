import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { UTME_IN_SHORT } from '../../src/islands/utme/picker.ts';
import { RESET_TOKEN_MINUTES, WELCOME_COINS } from '../../src/lib/api/user.ts';
import { UTME } from '../../src/lib/api/utme.ts';
import { RANKING_RULE } from '../../src/lib/ranking.ts';
import { LIFELINE_COST, POINTS_PER_RIGHT_ANSWER, POINTS_PER_WRONG_ANSWER } from '../../src/lib/scoring.ts';

// The content pages state the rules in prose (Markdown and YAML cannot import a constant): each number they
// give must be the one the code applies. The Astro pages interpolate the constants themselves.
const read = (path: string) => readFileSync(new URL(`../../${path}`, import.meta.url), 'utf8');

const right = POINTS_PER_RIGHT_ANSWER;
const wrong = -POINTS_PER_WRONG_ANSWER;

describe('the numbers the pages state', () => {
  it('match the scoring, lifeline and welcome constants', () => {
    const instructions = read('src/content/pages/instructions.mdx');
    expect(instructions).toContain(`Every right answer earns you **${right} points**.`);
    expect(instructions).toContain(`Every wrong answer takes away **${wrong} points**`);
    expect(instructions.match(/It costs \*\*(\d+) coins\*\*/g)).toEqual([
      `It costs **${LIFELINE_COST} coins**`,
      `It costs **${LIFELINE_COST} coins**`,
    ]);
    expect(instructions).toContain(`${WELCOME_COINS} welcome coins`);
    expect(instructions).toContain(`The token works once and for ${RESET_TOKEN_MINUTES} minutes.`);

    const faq = read('src/content/faqs/coins.mdx');
    expect(faq).toContain(`**${WELCOME_COINS} coins**`);
    expect(faq).toContain(`cost ${LIFELINE_COST} coins each`);

    const services = read('src/content/services.yaml');
    expect(services).toContain(`Earn ${right} points for each right answer`);
    expect(services).toContain(`Start with ${WELCOME_COINS} coins`);
  });

  it('state the ranking rule as the code words it', () => {
    const bold = `**${RANKING_RULE}**`;
    expect(read('src/content/pages/instructions.mdx')).toContain(bold);
    expect(read('docs/decisions/093-every-ranking-is-earned-one-record-of-shown-keys-one-rule.md')).toContain(
      bold,
    );
    expect(read('src/pages/leader-board.astro')).toContain('{RANKING_RULE}');
    expect(read('src/islands/utme/result.ts')).toContain('RANKING_RULE');
  });

  it('give the UTME mock the format its constants set', () => {
    const services = read('src/content/services.yaml');
    expect(services).toContain(`${UTME_IN_SHORT}, each subject marked out of ${UTME.maxScore}.`);
  });

  it('no content page states another number of points or coins for these rules', () => {
    for (const path of [
      'src/content/pages/instructions.mdx',
      'src/content/faqs/coins.mdx',
      'src/content/services.yaml',
    ]) {
      const text = read(path);
      for (const [, count] of text.matchAll(/(\d+)\*{0,2} (?:welcome )?coins/g)) {
        expect([String(LIFELINE_COST), String(WELCOME_COINS)], `${path}: ${count} coins`).toContain(count);
      }
      for (const [, count] of text.matchAll(/(\d+) points/g)) {
        // A blank scores nothing.
        expect([String(right), String(wrong), '0'], `${path}: ${count} points`).toContain(count);
      }
    }
  });
});
