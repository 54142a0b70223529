import type { Language } from '../../../shared/languages';

/**
 * The words of the stop pages (./stop-link-routes.ts) in the language of the mail whose link opened
 * them (`/ta/unsubscribe/…`, `/hi/unsubscribe/…`; English without a prefix).
 */
export interface StopLinkMessages {
  notValidTitle: string;
  notValidBody: string;
  unsubscribed: string;
  backToSite: string;
  appeal: {
    askTitle: string;
    which: string;
    rest: string;
    stopOne(title: string): string;
    stopAll: string;
    stoppedOne(title: string): string;
    stoppedAll: string;
  };
  sponsor: {
    askTitle(name: string): string;
    askBody(name: string): string;
    button(name: string): string;
    stopped(name: string): string;
  };
}

const MESSAGES: Record<Language, StopLinkMessages> = {
  en: {
    notValidTitle: 'This link is not valid',
    notValidBody: 'Copy the whole link from the mail, or write to us to stop updates.',
    unsubscribed: 'You are unsubscribed',
    backToSite: 'Back to the website',
    appeal: {
      askTitle: 'Stop appeal updates?',
      which: 'Which updates should we stop sending you?',
      rest: 'Your receipts and the other mails about your own gifts still come as before.',
      stopOne: (title) => `Stop updates about ${title}`,
      stopAll: 'Stop all appeal updates',
      stoppedOne: (title) => `You will get no more updates about ${title}.`,
      stoppedAll: 'You will get no more updates on our appeals.',
    },
    sponsor: {
      askTitle: (name) => `Stop news of ${name}?`,
      askBody: (name) => `Your monthly gift for ${name} goes on as before; only the updates stop.`,
      button: (name) => `Stop news of ${name}`,
      stopped: (name) => `You will get no more news of ${name}. Your gift goes on as before.`,
    },
  },
  ta: {
    notValidTitle: 'இந்த இணைப்பு செல்லாது',
    notValidBody: 'மின்னஞ்சலில் உள்ள முழு இணைப்பையும் நகலெடுங்கள், அல்லது செய்திகளை நிறுத்த எங்களுக்கு எழுதுங்கள்.',
    unsubscribed: 'நீங்கள் விலகிவிட்டீர்கள்',
    backToSite: 'இணையதளத்துக்குத் திரும்பு',
    appeal: {
      askTitle: 'வேண்டுகோள் செய்திகளை நிறுத்தவா?',
      which: 'எந்தச் செய்திகளை அனுப்புவதை நிறுத்த வேண்டும்?',
      rest: 'உங்கள் ரசீதுகளும் உங்கள் நன்கொடைகள் பற்றிய பிற மின்னஞ்சல்களும் முன்புபோலவே வரும்.',
      stopOne: (title) => `${title} பற்றிய செய்திகளை நிறுத்து`,
      stopAll: 'எல்லா வேண்டுகோள் செய்திகளையும் நிறுத்து',
      stoppedOne: (title) => `${title} பற்றிய செய்திகள் இனி உங்களுக்கு வராது.`,
      stoppedAll: 'எங்கள் வேண்டுகோள்கள் பற்றிய செய்திகள் இனி உங்களுக்கு வராது.',
    },
    sponsor: {
      askTitle: (name) => `${name} பற்றிய செய்திகளை நிறுத்தவா?`,
      askBody: (name) => `${name}-க்கான உங்கள் மாதாந்திர நன்கொடை முன்புபோலவே தொடரும்; செய்திகள் மட்டுமே நிற்கும்.`,
      button: (name) => `${name} பற்றிய செய்திகளை நிறுத்து`,
      stopped: (name) => `${name} பற்றிய செய்திகள் இனி உங்களுக்கு வராது. உங்கள் நன்கொடை முன்புபோலவே தொடரும்.`,
    },
  },
  hi: {
    notValidTitle: 'यह लिंक सही नहीं है',
    notValidBody: 'मेल से पूरा लिंक कॉपी करें, या अपडेट बंद करवाने के लिए हमें लिखें।',
    unsubscribed: 'आपकी सदस्यता बंद हो गई है',
    backToSite: 'वेबसाइट पर वापस जाएँ',
    appeal: {
      askTitle: 'अपील के अपडेट बंद करें?',
      which: 'हम आपको कौन-से अपडेट भेजना बंद करें?',
      rest: 'आपकी रसीदें और आपके दान से जुड़े दूसरे मेल पहले की तरह आते रहेंगे।',
      stopOne: (title) => `${title} के अपडेट बंद करें`,
      stopAll: 'अपील के सभी अपडेट बंद करें',
      stoppedOne: (title) => `अब आपको ${title} के अपडेट नहीं मिलेंगे।`,
      stoppedAll: 'अब आपको हमारी अपीलों के अपडेट नहीं मिलेंगे।',
    },
    sponsor: {
      askTitle: (name) => `${name} की खबरें बंद करें?`,
      askBody: (name) => `${name} के लिए आपका मासिक दान पहले की तरह चलता रहेगा; केवल खबरें बंद होंगी।`,
      button: (name) => `${name} की खबरें बंद करें`,
      stopped: (name) => `अब आपको ${name} की खबरें नहीं मिलेंगी। आपका दान पहले की तरह चलता रहेगा।`,
    },
  },
};

export const stopLinkMessages = (language: Language): StopLinkMessages => MESSAGES[language];
