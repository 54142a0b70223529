import { createInterface } from 'node:readline';

/** What the command-line tools read of a secret: all of standard input when piped, less the last newline. */
export async function readPiped(): Promise<string> {
  let text = '';
  for await (const chunk of process.stdin) text += chunk;
  return text.replace(/\r?\n$/, '');
}

/** Asks on the terminal without showing what is typed. */
export function prompt(question: string): Promise<string> {
  const readline = createInterface({ input: process.stdin, output: process.stdout, terminal: true });
  const output = readline as unknown as { _writeToOutput: (text: string) => void };
  let asked = false;
  output._writeToOutput = (text) => {
    if (!asked) process.stdout.write(text);
    asked = true;
  };
  return new Promise((resolve) =>
    readline.question(question, (answer) => {
      readline.close();
      process.stdout.write('\n');
      resolve(answer);
    }),
  );
}
