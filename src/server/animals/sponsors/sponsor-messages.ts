import { GLOSSARY, type Language } from '../../../shared/languages';

/**
 * The words of a sponsor's mails, in the sponsor's language (the language of the gift that started
 * their sponsorship). The recurring terms are shared/languages.ts's GLOSSARY. Kept beside the
 * sponsors' mails rather than in platform/mail/messages.ts: the animals wing owns them.
 */
export type LeftStatus = 'adopted' | 'returned' | 'died';

export interface SponsorMessages {
  dear(name: string): string;
  updateSubject(animal: string): string;
  updateIntro(animal: string): string;
  updatePageLink(animal: string): string;
  updateWhy(animal: string): string;
  leftSubject: Record<LeftStatus, (animal: string) => string>;
  leftBody: Record<LeftStatus, (animal: string) => string>;
  leftPaused(amount: string): string;
  leftChoose: string;
  leftAmountNote: string;
  thanks: string;
}

const ta = GLOSSARY.ta;
const hi = GLOSSARY.hi;

const MESSAGES: Record<Language, SponsorMessages> = {
  en: {
    dear: (name) => `Dear ${name},`,
    updateSubject: (animal) => `News of ${animal}, whom you sponsor`,
    updateIntro: (animal) => `Here is news of ${animal}, the animal you sponsor:`,
    updatePageLink: (animal) => `See ${animal}'s page`,
    updateWhy: (animal) => `You receive this because you sponsor ${animal} with a monthly donation.`,
    leftSubject: {
      adopted: (animal) => `${animal} has found a home`,
      returned: (animal) => `${animal} is back home in the neighbourhood`,
      died: (animal) => `Sad news about ${animal}`,
    },
    leftBody: {
      adopted: (animal) =>
        `Good news: ${animal}, whom you sponsor, has been adopted by a loving family. Your gifts cared for ${animal} until this day. Thank you.`,
      returned: (animal) =>
        `${animal}, whom you sponsor, is well again and has gone back to the street they came from, where local carers look out for them. Your gifts made the recovery possible. Thank you.`,
      died: (animal) =>
        `We are very sorry to tell you that ${animal}, whom you sponsor, has died. ${animal} was cared for and loved until the end, and your gifts were part of that care. Thank you.`,
    },
    leftPaused: (amount) =>
      `We have paused your monthly donation of ${amount}: nothing more will be charged until you choose. You can carry the same monthly donation to another animal in our care who needs a sponsor, or stop it.`,
    leftChoose: 'Choose what happens to your gift',
    leftAmountNote:
      'Your gift keeps its amount. To give a different amount, change it on your My giving page after you choose.',
    thanks: 'With gratitude, from all of us and the animals.',
  },
  ta: {
    dear: (name) => `அன்புள்ள ${name},`,
    updateSubject: (animal) => `நீங்கள் ஆதரிக்கும் ${animal} பற்றிய செய்தி`,
    updateIntro: (animal) => `நீங்கள் ஆதரிக்கும் ${animal} பற்றிய செய்தி இதோ:`,
    updatePageLink: (animal) => `${animal}-இன் பக்கத்தைப் பாருங்கள்`,
    updateWhy: (animal) => `${ta.monthlyGift} மூலம் நீங்கள் ${animal}-ஐ ஆதரிப்பதால் இந்தச் செய்தி உங்களுக்கு வருகிறது.`,
    leftSubject: {
      adopted: (animal) => `${animal}-க்கு ஒரு வீடு கிடைத்துவிட்டது`,
      returned: (animal) => `${animal} தன் தெருவுக்குத் திரும்பிவிட்டது`,
      died: (animal) => `${animal} பற்றிய வருத்தமான செய்தி`,
    },
    leftBody: {
      adopted: (animal) =>
        `மகிழ்ச்சியான செய்தி: நீங்கள் ஆதரிக்கும் ${animal}-ஐ அன்பான ஒரு குடும்பம் தத்தெடுத்துள்ளது. இன்று வரை ${animal}-ஐப் பார்த்துக்கொண்டது உங்கள் நன்கொடைதான். நன்றி.`,
      returned: (animal) =>
        `நீங்கள் ஆதரிக்கும் ${animal} நலம் பெற்று, தான் வந்த தெருவுக்கே திரும்பியுள்ளது; அங்குள்ள அன்பர்கள் அதைக் கவனித்துக்கொள்கிறார்கள். அந்த நலத்துக்கு உங்கள் நன்கொடையே துணை. நன்றி.`,
      died: (animal) =>
        `மிகுந்த வருத்தத்துடன் தெரிவிக்கிறோம்: நீங்கள் ஆதரித்த ${animal} இறந்துவிட்டது. கடைசி வரை ${animal} அன்புடனும் கவனிப்புடனும் இருந்தது; அந்தக் கவனிப்பில் உங்கள் நன்கொடைக்கும் பங்கு உண்டு. நன்றி.`,
    },
    leftPaused: (amount) =>
      `உங்கள் ${amount} ${ta.monthlyGift}-ஐ நிறுத்தி வைத்துள்ளோம்: நீங்கள் முடிவு செய்யும் வரை எதுவும் வசூலிக்கப்படாது. இதே ${ta.monthlyGift}-ஐ ஆதரவு தேவைப்படும் எங்கள் பராமரிப்பில் உள்ள வேறொரு விலங்குக்கு மாற்றலாம், அல்லது நிறுத்திவிடலாம்.`,
    leftChoose: 'உங்கள் நன்கொடைக்கு என்ன செய்வது என்று தேர்ந்தெடுங்கள்',
    leftAmountNote:
      'உங்கள் நன்கொடைத் தொகை அப்படியே இருக்கும். வேறு தொகை தர விரும்பினால், தேர்ந்தெடுத்த பின் “என் நன்கொடைகள்” பக்கத்தில் மாற்றலாம்.',
    thanks: 'எங்கள் அனைவரின் சார்பிலும், விலங்குகளின் சார்பிலும் நன்றி.',
  },
  hi: {
    dear: (name) => `प्रिय ${name},`,
    updateSubject: (animal) => `${animal} की खबर, जिसे आप सहारा देते हैं`,
    updateIntro: (animal) => `${animal} की खबर, जिसे आप सहारा देते हैं:`,
    updatePageLink: (animal) => `${animal} का पेज देखें`,
    updateWhy: (animal) => `यह खबर आपको इसलिए मिल रही है क्योंकि आप ${hi.monthlyGift} से ${animal} को सहारा देते हैं।`,
    leftSubject: {
      adopted: (animal) => `${animal} को घर मिल गया`,
      returned: (animal) => `${animal} अपने मोहल्ले में लौट गया`,
      died: (animal) => `${animal} के बारे में दुखद खबर`,
    },
    leftBody: {
      adopted: (animal) =>
        `खुशखबरी: जिस ${animal} को आप सहारा देते हैं, उसे एक प्यार करने वाले परिवार ने गोद ले लिया है। आज तक ${animal} की देखभाल आपके दान से हुई। धन्यवाद।`,
      returned: (animal) =>
        `जिस ${animal} को आप सहारा देते हैं, वह ठीक होकर अपनी उसी गली में लौट गया है जहाँ से आया था; वहाँ के लोग उसका ध्यान रखते हैं। उसके ठीक होने में आपके दान का हाथ है। धन्यवाद।`,
      died: (animal) =>
        `बहुत दुख के साथ बता रहे हैं कि जिस ${animal} को आप सहारा देते थे, उसकी मृत्यु हो गई है। आखिर तक ${animal} को प्यार और देखभाल मिली, और उस देखभाल में आपके दान का भी हिस्सा था। धन्यवाद।`,
    },
    leftPaused: (amount) =>
      `हमने आपका ${amount} का ${hi.monthlyGift} रोक दिया है: जब तक आप तय नहीं करते, कुछ नहीं कटेगा। आप यही ${hi.monthlyGift} हमारी देखभाल में किसी और जानवर को दे सकते हैं जिसे सहारे की ज़रूरत है, या इसे बंद कर सकते हैं।`,
    leftChoose: 'चुनें कि आपके दान का क्या हो',
    leftAmountNote: 'आपके दान की राशि वही रहेगी। अलग राशि देनी हो तो चुनने के बाद “मेरा दान” पेज पर बदल सकते हैं।',
    thanks: 'हम सबकी और जानवरों की ओर से धन्यवाद।',
  },
};

export const sponsorMessages = (language: Language): SponsorMessages => MESSAGES[language];
