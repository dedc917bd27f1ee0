import { createInterface } from 'node:readline/promises';
import type { Prompter } from './types.js';

/** A Prompter on a terminal (node:readline): numbered choices, defaults in brackets, asks again on a bad answer. */
export function terminalPrompter(
  input: NodeJS.ReadableStream = process.stdin,
  output: NodeJS.WritableStream = process.stderr,
): Prompter {
  const rl = createInterface({ input, output, terminal: false });
  const line = async (question: string): Promise<string> => (await rl.question(question)).trim();
  return {
    async select(question, choices, initial) {
      const at = Math.max(
        0,
        choices.findIndex((c) => c.value === initial),
      );
      output.write(`${question}:\n${choices.map((c, i) => `  ${i + 1}. ${c.label}`).join('\n')}\n`);
      for (;;) {
        const answer = await line(`Choose 1-${choices.length} [${at + 1}]: `);
        if (answer === '') return choices[at]!.value;
        const byNumber = /^\d+$/.test(answer) ? choices[Number(answer) - 1] : undefined;
        const chosen = byNumber ?? choices.find((c) => c.value === answer);
        if (chosen) return chosen.value;
        output.write(`  "${answer}" is not one of the choices.\n`);
      }
    },
    async text(question, { initial, check }) {
      for (;;) {
        const answer = (await line(`${question}${initial !== undefined ? ` [${initial}]` : ''}: `)) || initial || '';
        const problem = check(answer);
        if (problem === null) return answer;
        output.write(`  ${problem}\n`);
      }
    },
    close: () => rl.close(),
  };
}
