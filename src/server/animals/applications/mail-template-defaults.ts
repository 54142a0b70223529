// Over 100 lines on purpose: data, not logic: the first words of every step's mail in English, Tamil
// and Hindi, under one type, so a step added in one language fails the type check until all have it.
import type { ApplicationMailStep } from '../../../shared/application-work.schema';
import type { Language } from '../../../shared/languages';

export interface MailTemplateText {
  subject: string;
  /** Plain paragraphs separated by blank lines; `{name}`, `{animal}`, `{trust}` filled in when sent. */
  body: string;
}

/**
 * The mails staff may send at each step, until they save their own (the console's templates page).
 * Warm and plain, as the trust's people speak to a family on the phone.
 */
export const DEFAULT_MAIL_TEMPLATES: Record<Language, Record<ApplicationMailStep, MailTemplateText>> = {
  en: {
    contacted: {
      subject: 'We have read your application',
      body: 'Dear {name},\n\nThank you for writing to us about {animal}. One of us has read your application and will call you in the next few days to talk it over.\n\nWith warm wishes from all of us at {trust}',
    },
    'home-visit': {
      subject: 'A home visit, before {animal} comes home',
      body: 'Dear {name},\n\nThank you for talking with us. The next step is a short visit to your home, so we can see where {animal} would live and answer your questions. We will call you to fix a day and time that suits you.\n\nWith warm wishes from all of us at {trust}',
    },
    approved: {
      subject: 'Good news about {animal}',
      body: 'Dear {name},\n\nWe are happy to tell you that your application has been approved. We will call you to plan the day {animal} comes home, and what to get ready before then.\n\nWith warm wishes from all of us at {trust}',
    },
    completed: {
      subject: 'Welcome home, {animal}',
      body: 'Dear {name},\n\nThank you for opening your home to {animal}. If you have any question in the first weeks, about food, health or settling in, call or write to us at any time. We would love a photo now and then.\n\nWith warm wishes from all of us at {trust}',
    },
    declined: {
      subject: 'About your application',
      body: 'Dear {name},\n\nThank you for wanting to help {animal}. After talking it over, we feel this is not the right match for now. This is not a judgement of you, and we hope you will keep in touch and look at the other animals waiting for a home.\n\nWith warm wishes from all of us at {trust}',
    },
    withdrawn: {
      subject: 'Your application has been closed',
      body: 'Dear {name},\n\nAs you asked, we have closed your application. Thank you for thinking of the animals in our care. You are always welcome to write to us again.\n\nWith warm wishes from all of us at {trust}',
    },
    'found-another-home': {
      subject: '{animal} has found a home',
      body: 'Dear {name},\n\nThank you for your application for {animal}. {animal} has now found a home with another family, so we cannot go ahead with yours. Many other dogs and cats are still waiting, and we would be glad to help you meet one of them.\n\nWith warm wishes from all of us at {trust}',
    },
  },
  ta: {
    contacted: {
      subject: 'உங்கள் விண்ணப்பத்தைப் படித்தோம்',
      body: 'அன்புள்ள {name},\n\n{animal} பற்றி எங்களுக்கு எழுதியதற்கு நன்றி. எங்களில் ஒருவர் உங்கள் விண்ணப்பத்தைப் படித்துவிட்டார்; அடுத்த சில நாட்களில் உங்களை அழைத்துப் பேசுவோம்.\n\n{trust} குடும்பத்தின் அன்பான வாழ்த்துகளுடன்',
    },
    'home-visit': {
      subject: '{animal} வீட்டுக்கு வருவதற்கு முன் ஒரு வீட்டுப் பார்வை',
      body: 'அன்புள்ள {name},\n\nஎங்களுடன் பேசியதற்கு நன்றி. அடுத்து, உங்கள் வீட்டுக்கு ஒரு சிறிய வருகை: {animal} எங்கே வாழும் என்று பார்க்கவும், உங்கள் கேள்விகளுக்குப் பதில் சொல்லவும். உங்களுக்கு வசதியான நாளையும் நேரத்தையும் முடிவு செய்ய அழைப்போம்.\n\n{trust} குடும்பத்தின் அன்பான வாழ்த்துகளுடன்',
    },
    approved: {
      subject: '{animal} பற்றி ஒரு நல்ல செய்தி',
      body: 'அன்புள்ள {name},\n\nஉங்கள் விண்ணப்பம் ஏற்கப்பட்டது என்று சொல்வதில் மகிழ்ச்சி. {animal} வீட்டுக்கு வரும் நாளையும், அதற்கு முன் என்ன தயார் செய்ய வேண்டும் என்பதையும் பேச உங்களை அழைப்போம்.\n\n{trust} குடும்பத்தின் அன்பான வாழ்த்துகளுடன்',
    },
    completed: {
      subject: 'வீட்டுக்கு வரவேற்கிறோம், {animal}',
      body: 'அன்புள்ள {name},\n\n{animal}-க்கு உங்கள் வீட்டைத் திறந்ததற்கு நன்றி. முதல் சில வாரங்களில் உணவு, உடல்நலம், பழகுவது பற்றி எந்தக் கேள்வி இருந்தாலும் எப்போது வேண்டுமானாலும் எங்களை அழையுங்கள் அல்லது எழுதுங்கள். அவ்வப்போது ஒரு புகைப்படம் அனுப்பினால் மகிழ்வோம்.\n\n{trust} குடும்பத்தின் அன்பான வாழ்த்துகளுடன்',
    },
    declined: {
      subject: 'உங்கள் விண்ணப்பம் பற்றி',
      body: 'அன்புள்ள {name},\n\n{animal}-க்கு உதவ நினைத்ததற்கு நன்றி. நன்கு யோசித்த பிறகு, இப்போதைக்கு இது சரியான பொருத்தம் இல்லை என்று நினைக்கிறோம். இது உங்களைப் பற்றிய மதிப்பீடு அல்ல; தொடர்பில் இருங்கள், வீட்டுக்காகக் காத்திருக்கும் மற்ற விலங்குகளையும் பாருங்கள்.\n\n{trust} குடும்பத்தின் அன்பான வாழ்த்துகளுடன்',
    },
    withdrawn: {
      subject: 'உங்கள் விண்ணப்பம் முடிக்கப்பட்டது',
      body: 'அன்புள்ள {name},\n\nநீங்கள் கேட்டபடி உங்கள் விண்ணப்பத்தை முடித்துவிட்டோம். எங்கள் பராமரிப்பில் உள்ள விலங்குகளை நினைத்ததற்கு நன்றி. எப்போது வேண்டுமானாலும் மீண்டும் எழுதலாம்.\n\n{trust} குடும்பத்தின் அன்பான வாழ்த்துகளுடன்',
    },
    'found-another-home': {
      subject: '{animal}-க்கு ஒரு வீடு கிடைத்துவிட்டது',
      body: 'அன்புள்ள {name},\n\n{animal}-க்காக விண்ணப்பித்ததற்கு நன்றி. {animal}-க்கு இப்போது வேறொரு குடும்பத்தில் வீடு கிடைத்துவிட்டது, அதனால் உங்கள் விண்ணப்பத்தைத் தொடர முடியவில்லை. இன்னும் பல நாய்களும் பூனைகளும் காத்திருக்கின்றன; அவற்றில் ஒன்றைச் சந்திக்க உதவ மகிழ்வோம்.\n\n{trust} குடும்பத்தின் அன்பான வாழ்த்துகளுடன்',
    },
  },
  hi: {
    contacted: {
      subject: 'हमने आपका आवेदन पढ़ लिया है',
      body: 'प्रिय {name},\n\n{animal} के बारे में हमें लिखने के लिए धन्यवाद। हम में से एक ने आपका आवेदन पढ़ लिया है और अगले कुछ दिनों में आपसे फ़ोन पर बात करेंगे।\n\n{trust} परिवार की ओर से शुभकामनाओं सहित',
    },
    'home-visit': {
      subject: '{animal} के घर आने से पहले एक घर-भेंट',
      body: 'प्रिय {name},\n\nहमसे बात करने के लिए धन्यवाद। अगला कदम आपके घर की एक छोटी-सी भेंट है, ताकि हम देख सकें कि {animal} कहाँ रहेगा और आपके सवालों के जवाब दे सकें। आपकी सुविधा का दिन और समय तय करने के लिए हम फ़ोन करेंगे।\n\n{trust} परिवार की ओर से शुभकामनाओं सहित',
    },
    approved: {
      subject: '{animal} के बारे में अच्छी ख़बर',
      body: 'प्रिय {name},\n\nहमें यह बताते हुए ख़ुशी है कि आपका आवेदन स्वीकार हो गया है। {animal} के घर आने का दिन और उससे पहले की तैयारी तय करने के लिए हम आपको फ़ोन करेंगे।\n\n{trust} परिवार की ओर से शुभकामनाओं सहित',
    },
    completed: {
      subject: 'घर में स्वागत है, {animal}',
      body: 'प्रिय {name},\n\n{animal} के लिए अपने घर के दरवाज़े खोलने के लिए धन्यवाद। शुरू के हफ़्तों में खाने, सेहत या घुलने-मिलने के बारे में कोई भी सवाल हो, तो कभी भी हमें फ़ोन करें या लिखें। बीच-बीच में एक फ़ोटो भेजेंगे तो हमें बहुत अच्छा लगेगा।\n\n{trust} परिवार की ओर से शुभकामनाओं सहित',
    },
    declined: {
      subject: 'आपके आवेदन के बारे में',
      body: 'प्रिय {name},\n\n{animal} की मदद करने की इच्छा के लिए धन्यवाद। सोच-विचार के बाद हमें लगता है कि अभी यह सही जोड़ी नहीं है। यह आपके बारे में कोई राय नहीं है; हमसे जुड़े रहें और घर की राह देख रहे दूसरे जानवरों को भी देखें।\n\n{trust} परिवार की ओर से शुभकामनाओं सहित',
    },
    withdrawn: {
      subject: 'आपका आवेदन बंद कर दिया गया है',
      body: 'प्रिय {name},\n\nआपके कहने पर हमने आपका आवेदन बंद कर दिया है। हमारी देखभाल में रह रहे जानवरों के बारे में सोचने के लिए धन्यवाद। आप कभी भी हमें फिर से लिख सकते हैं।\n\n{trust} परिवार की ओर से शुभकामनाओं सहित',
    },
    'found-another-home': {
      subject: '{animal} को घर मिल गया है',
      body: 'प्रिय {name},\n\n{animal} के लिए आवेदन करने के लिए धन्यवाद। {animal} को अब एक दूसरे परिवार में घर मिल गया है, इसलिए हम आपका आवेदन आगे नहीं बढ़ा सकते। बहुत-से कुत्ते और बिल्लियाँ अब भी इंतज़ार कर रहे हैं; उनमें से किसी से मिलवाने में हमें ख़ुशी होगी।\n\n{trust} परिवार की ओर से शुभकामनाओं सहित',
    },
  },
};

/** What `{animal}` reads when the application names no animal (foster, volunteer, partner, "any dog"). */
export const NO_ANIMAL_WORDS: Record<Language, string> = {
  en: 'the animals in our care',
  ta: 'எங்கள் பராமரிப்பில் உள்ள விலங்குகள்',
  hi: 'हमारी देखभाल में रह रहे जानवर',
};
