import { describe, expect, it } from 'vitest';
import { translatorOf } from '../../i18n';
import * as en from '../../paraglide/messages/en.js';
import * as ta from '../../paraglide/messages/ta.js';
import { formInput, INITIAL } from './form-values';
import { validateApplication } from './validate-application';

/** The forms' check before sending: the shared schema's rules, each field's first problem in the page's language. */
describe('validateApplication', () => {
  it('names every problem of an empty adoption at once, the dependent answers too, in Tamil', () => {
    const input = formInput('adopt', { ...INITIAL, home: 'rent', otherAnimals: 'ஒரு பூனை' }, 'ta');
    const checked = validateApplication('adopt', input, translatorOf(ta), 'ta');
    expect('errors' in checked && checked.errors).toEqual({
      wantedSpecies: 'ஒன்றைத் தேர்ந்தெடுங்கள்',
      landlordAgrees: 'ஒன்றைத் தேர்ந்தெடுங்கள்',
      otherAnimalsSterilised: 'ஒன்றைத் தேர்ந்தெடுங்கள்',
      otherAnimalsVaccinated: 'ஒன்றைத் தேர்ந்தெடுங்கள்',
      household: 'இதை நிரப்புங்கள்',
      hoursAlone: '0 முதல் 24 வரை மணி நேரங்களின் எண்ணிக்கையைத் தாருங்கள்',
      sleepsWhere: 'இதை நிரப்புங்கள்',
      homeVisit: 'ஒவ்வொரு தத்தெடுப்புக்கும் முன் வீட்டுக்கு வந்து பார்ப்போம்: அதற்கு ஒப்புதல் தாருங்கள்',
      name: 'இதை நிரப்புங்கள்',
      email: 'சரியான மின்னஞ்சல் முகவரியை உள்ளிடுங்கள் (எ.கா. name@example.com)',
      phone: 'சரியான கைபேசி எண்ணை உள்ளிடுங்கள்: 10 முதல் 15 இலக்கங்கள்',
      consent: 'தனியுரிமை அறிவிப்புக்கு ஒப்புதல் தாருங்கள்',
    });
  });

  it('reads the schema’s own words in English, but asks a person to choose rather than listing the values', () => {
    const values = { ...INITIAL, name: 'Asha <b>', email: 'asha@example.in', phone: '9840012345', consent: true };
    const checked = validateApplication('partner', formInput('partner', values, 'en'), translatorOf(en), 'en');
    expect('errors' in checked && checked.errors).toEqual({
      name: 'Must not contain < or >',
      organisation: 'Required',
      offer: 'Required',
    });
    const foster = validateApplication('foster', formInput('foster', values, 'en'), translatorOf(en), 'en');
    expect('errors' in foster && foster.errors.fosterDuration).toBe('Please choose one');
  });

  it('hands on what the server takes: numbers as numbers, a named animal instead of a species, the page’s language', () => {
    const values = {
      ...INITIAL,
      name: 'Asha',
      email: 'asha@example.in',
      phone: '9840012345',
      consent: true,
      wantedSpecies: 'dog',
      home: 'own',
      household: 'Two of us',
      hoursAlone: '3',
      sleepsWhere: 'Inside',
      homeVisit: true,
    };
    const checked = validateApplication('adopt', formInput('adopt', values, 'ta', 'raja-1'), translatorOf(ta), 'ta');
    expect('data' in checked && checked.data).toMatchObject({
      kind: 'adopt',
      animal: 'raja-1',
      hoursAlone: 3,
      language: 'ta',
      otherAnimals: '',
      vetName: '',
    });
    expect('data' in checked && 'wantedSpecies' in checked.data && checked.data.wantedSpecies).toBeFalsy();
  });
});
