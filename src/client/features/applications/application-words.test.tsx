import { describe, expect, it } from 'vitest';
import { answerWords, fieldWords } from './application-words';

describe('an application’s answers in the console', () => {
  it('says the forms’ choices in words, by their field, and leaves the applicant’s own text as written', () => {
    expect(answerWords('own', 'home')).toBe('Their own');
    expect(answerWords('rent', 'home')).toBe('Rented');
    expect(answerWords('some', 'otherAnimalsVaccinated')).toBe('Some');
    expect(answerWords('either', 'fosterSpecies')).toBe('A dog or a cat');
    expect(answerWords('three-months', 'fosterDuration')).toBe('Three months');
    expect(answerWords(['sat', 'sun'], 'days')).toBe('Saturday, Sunday');
    // Free text that happens to be a code of another field stays as typed.
    expect(answerWords('own', 'household')).toBe('own');
    expect(answerWords('constructor', 'home')).toBe('constructor');
    expect(answerWords(true, 'homeVisit')).toBe('Yes');
    expect(answerWords('', 'vetName')).toBe('—');
    expect(fieldWords('otherAnimalsSterilised')).toBe('Other animals sterilised');
  });
});
