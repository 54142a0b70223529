import type { ApplicationKind } from '../../../shared/applications';
import type { Language } from '../../../shared/languages';
import { renderMail } from '../../platform/mail/layout';
import { mailMessages } from '../../platform/mail/messages';
import type { MailContent } from '../../platform/mail/templates';
import type { TrustContact } from '../../platform/site-content/published-contact';

/**
 * "We have your application": the mail an applicant gets when a public form is sent, in the
 * language of the page they applied from. Its words live here, not in platform/mail's catalogue
 * (which is the donors'), one object per language under one type, so a sentence missing in Tamil or
 * Hindi fails the type check. Nothing the applicant typed is repeated but their name and the
 * animal's: a mail to a mistyped address tells its reader nothing more.
 */
interface AcknowledgementWords {
  subject: Record<ApplicationKind, string>;
  /** What was received: the adoption names its animal, or the kind of animal the family would take. */
  received(kind: ApplicationKind, animalName: string | null): string;
  next: Record<ApplicationKind, string>;
  /** `number`: the application's number, to quote in a reply. */
  reference(number: number): string;
  questions(email: string): string;
  privacy: string;
}

const WORDS: Record<Language, AcknowledgementWords> = {
  en: {
    subject: {
      adopt: 'We have your application to adopt',
      foster: 'We have your offer to foster',
      volunteer: 'We have your offer to volunteer',
      partner: 'We have your message about working with us',
    },
    received: (kind, animal) =>
      ({
        adopt: animal
          ? `Thank you for applying to adopt ${animal}. We have your application.`
          : 'Thank you for applying to adopt one of our animals. We have your application.',
        foster: 'Thank you for offering to foster animals in your home. We have your application.',
        volunteer: 'Thank you for offering your time to the animals. We have your application.',
        partner: 'Thank you for writing to us about working together. We have your message.',
      })[kind],
    next: {
      adopt:
        'One of our team will call or write to you within a few days to talk about your home and your family, and then to arrange a home visit.',
      foster:
        'One of our team will call or write to you within a few days to talk about the animals who need a foster home now.',
      volunteer: 'One of our team will call or write to you within a few days about the days and work that suit you.',
      partner: 'One of our team will write to you within a few days.',
    },
    reference: (number) => `Your application number is ${number}: please quote it if you write to us.`,
    questions: (email) => `Any question meanwhile? Write to ${email}.`,
    privacy:
      'We keep your answers only to work on your application; our privacy notice on the website says how long, and how to have them erased.',
  },
  ta: {
    subject: {
      adopt: 'தத்தெடுப்பதற்கான உங்கள் விண்ணப்பம் கிடைத்தது',
      foster: 'தற்காலிக அடைக்கலம் தருவதற்கான உங்கள் விண்ணப்பம் கிடைத்தது',
      volunteer: 'தன்னார்வலராக இணைவதற்கான உங்கள் விண்ணப்பம் கிடைத்தது',
      partner: 'எங்களுடன் இணைந்து செயல்படுவது பற்றிய உங்கள் செய்தி கிடைத்தது',
    },
    received: (kind, animal) =>
      ({
        adopt: animal
          ? `${animal}-ஐத் தத்தெடுக்க விண்ணப்பித்ததற்கு நன்றி. உங்கள் விண்ணப்பம் எங்களுக்குக் கிடைத்தது.`
          : 'எங்கள் விலங்குகளில் ஒன்றைத் தத்தெடுக்க விண்ணப்பித்ததற்கு நன்றி. உங்கள் விண்ணப்பம் எங்களுக்குக் கிடைத்தது.',
        foster: 'விலங்குகளை உங்கள் வீட்டில் வைத்துப் பராமரிக்க முன்வந்ததற்கு நன்றி. உங்கள் விண்ணப்பம் எங்களுக்குக் கிடைத்தது.',
        volunteer: 'விலங்குகளுக்காக உங்கள் நேரத்தைத் தர முன்வந்ததற்கு நன்றி. உங்கள் விண்ணப்பம் எங்களுக்குக் கிடைத்தது.',
        partner: 'இணைந்து செயல்படுவது பற்றி எங்களுக்கு எழுதியதற்கு நன்றி. உங்கள் செய்தி எங்களுக்குக் கிடைத்தது.',
      })[kind],
    next: {
      adopt:
        'சில நாட்களில் எங்கள் குழுவில் ஒருவர் உங்களை அழைத்தோ எழுதியோ உங்கள் வீடு, குடும்பம் பற்றிப் பேசுவார்; அதன் பிறகு வீட்டுக்கு வந்து பார்க்க நேரம் முடிவு செய்வோம்.',
      foster:
        'சில நாட்களில் எங்கள் குழுவில் ஒருவர் உங்களை அழைத்தோ எழுதியோ, இப்போது தற்காலிக அடைக்கலம் தேவைப்படும் விலங்குகள் பற்றிப் பேசுவார்.',
      volunteer: 'சில நாட்களில் எங்கள் குழுவில் ஒருவர் உங்களை அழைத்தோ எழுதியோ, உங்களுக்கு ஏற்ற நாட்களும் பணிகளும் பற்றிப் பேசுவார்.',
      partner: 'சில நாட்களில் எங்கள் குழுவில் ஒருவர் உங்களுக்கு எழுதுவார்.',
    },
    reference: (number) => `உங்கள் விண்ணப்ப எண் ${number}: எங்களுக்கு எழுதும்போது இதைக் குறிப்பிடுங்கள்.`,
    questions: (email) => `இடையில் ஏதேனும் கேள்வி இருந்தால் ${email} முகவரிக்கு எழுதுங்கள்.`,
    privacy:
      'உங்கள் பதில்களை உங்கள் விண்ணப்பத்தைக் கவனிப்பதற்காக மட்டுமே வைத்திருக்கிறோம்; எவ்வளவு காலம் வைத்திருப்போம், அவற்றை எப்படி அழிக்கச் சொல்லலாம் என்பதை இணையதளத்தில் உள்ள எங்கள் தனியுரிமை அறிவிப்பு சொல்கிறது.',
  },
  hi: {
    subject: {
      adopt: 'गोद लेने का आपका आवेदन हमें मिल गया है',
      foster: 'कुछ समय के लिए घर देने का आपका आवेदन हमें मिल गया है',
      volunteer: 'स्वयंसेवा का आपका आवेदन हमें मिल गया है',
      partner: 'साथ काम करने के बारे में आपका संदेश हमें मिल गया है',
    },
    received: (kind, animal) =>
      ({
        adopt: animal
          ? `${animal} को गोद लेने के लिए आवेदन करने का धन्यवाद। आपका आवेदन हमें मिल गया है।`
          : 'हमारे किसी जानवर को गोद लेने के लिए आवेदन करने का धन्यवाद। आपका आवेदन हमें मिल गया है।',
        foster: 'जानवरों को अपने घर में रखकर देखभाल करने की पेशकश के लिए धन्यवाद। आपका आवेदन हमें मिल गया है।',
        volunteer: 'जानवरों के लिए अपना समय देने की पेशकश के लिए धन्यवाद। आपका आवेदन हमें मिल गया है।',
        partner: 'साथ मिलकर काम करने के बारे में लिखने के लिए धन्यवाद। आपका संदेश हमें मिल गया है।',
      })[kind],
    next: {
      adopt:
        'कुछ ही दिनों में हमारी टीम का कोई सदस्य आपको फ़ोन करेगा या लिखेगा, आपके घर और परिवार के बारे में बात करेगा, और फिर घर आकर मिलने का समय तय करेगा।',
      foster:
        'कुछ ही दिनों में हमारी टीम का कोई सदस्य आपको फ़ोन करेगा या लिखेगा, उन जानवरों के बारे में जिन्हें अभी कुछ समय के लिए घर चाहिए।',
      volunteer: 'कुछ ही दिनों में हमारी टीम का कोई सदस्य आपको फ़ोन करेगा या लिखेगा, आपके अनुकूल दिनों और काम के बारे में।',
      partner: 'कुछ ही दिनों में हमारी टीम का कोई सदस्य आपको लिखेगा।',
    },
    reference: (number) => `आपकी आवेदन संख्या ${number} है: हमें लिखें तो इसका ज़िक्र करें।`,
    questions: (email) => `इस बीच कोई सवाल हो, तो ${email} पर लिखें।`,
    privacy:
      'आपके जवाब हम सिर्फ़ आपके आवेदन पर काम करने के लिए रखते हैं; कितने समय तक, और उन्हें कैसे मिटवाया जा सकता है, यह वेबसाइट पर हमारी गोपनीयता सूचना में लिखा है।',
  },
};

export interface AcknowledgementFacts {
  kind: ApplicationKind;
  applicationId: number;
  applicantName: string;
  /** The animal an adoption names (its name as the trust wrote it), or null. */
  animalName: string | null;
  language: Language;
  contact: TrustContact;
}

export function acknowledgementMail(facts: AcknowledgementFacts): MailContent {
  const words = WORDS[facts.language];
  return {
    subject: words.subject[facts.kind],
    ...renderMail(
      [
        { p: mailMessages(facts.language).dear(facts.applicantName) },
        { p: words.received(facts.kind, facts.animalName) },
        { p: words.next[facts.kind] },
        { p: words.reference(facts.applicationId) },
        { p: words.questions(facts.contact.email) },
        { small: words.privacy },
      ],
      undefined,
      undefined,
      facts.language,
      facts.contact,
    ),
  };
}
