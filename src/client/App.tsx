/** Placeholder page until the website lands: proves the build and static serving work. */
export function App() {
  return (
    <main>
      <h1>Every Animal Deserves a Second Chance</h1>
      <p>An animal rescue and welfare trust in Chennai.</p>
    </main>
  );
}
