/**
 * The pages feature: the home page (/home) and the "coming later" page. Not in index.ts: the
 * pages' chunks register it (features/pages/pages-text.ts), so it stays out of the first visit.
 */
export const pages = {
  comingLater: {
    title: 'Coming in a later release',
    text: 'The tools of this page arrive with a later release of Switchboard. Navigation, title and breadcrumb already work.',
    backHome: 'Back to home',
  },
  home: {
    hero: {
      eyebrow: 'Bulk SMS and voice messaging',
      title: 'Every message your customers send, answered from one inbox',
      text: 'Switchboard connects your numbers, Android phones and SMS providers, replies to keywords on its own, sends campaigns to thousands of contacts and gives your developers an API for all of it.',
      getStarted: 'Create a free account',
      openControlPanel: 'Open the control panel',
      openEmail: 'Open your email',
      seePlans: 'See the plans',
      points: {
        inbox: 'SMS and voice in one inbox',
        autoReply: 'Replies while you sleep',
        api: 'Developer API on every plan',
      },
    },
    preview: {
      label: 'A look at the inbox',
      inbox: 'Inbox',
      today: 'Today',
      contactName: 'Maya Keller',
      question: 'Can I move my appointment to Friday?',
      autoReplyName: 'Auto reply',
      answer: 'Thanks! We open at 9:00 and will confirm your new time soon.',
      optOut: 'Opted out: no more messages will be sent to this contact.',
      delivered: 'Delivered',
      sent: 'Campaign sent to {{volume}} contacts',
    },
    features: {
      title: 'Everything a messaging team needs',
      subtitle: 'From the first text to thousands a day: one place to read, answer and automate.',
      smsInbox: {
        title: 'SMS inbox',
        text: 'One thread per contact and number, with delivery states in real time and replies in a click.',
      },
      voiceInbox: {
        title: 'Voice inbox',
        text: 'Voice messages with recordings and transcripts, next to the texts of the same caller.',
      },
      autoReply: {
        title: 'Auto-reply',
        text: 'Keyword, first-message and business-hours rules that answer at once, with loop guards built in.',
      },
      networks: {
        title: 'Networks and the Android app',
        text: 'Connect SMPP, HTTP providers or simply an Android phone with our gateway app as a sending network.',
      },
      campaigns: {
        title: 'Bulk campaigns',
        text: 'Personalised texts to thousands of contacts, sent now or scheduled, with segments and quota counted before sending.',
      },
      api: {
        title: 'Developer API',
        text: 'Send and read messages, manage contacts and receive signed webhooks from your own code.',
      },
    },
    plans: {
      title: 'A plan for every volume',
      subtitle: 'All plans include multiple numbers, control panel access and an API for developers.',
      quota: 'Under {{volume}} SMS a month',
      unlimitedQuota: 'Unlimited SMS and numbers',
      fullControlPanel: 'Full control panel access',
      whatsapp: 'Free WhatsApp API',
      setupFee: '{{amount}} setup fee',
      multipleNumbers: 'Multiple numbers',
      controlPanel: 'Control panel access',
      developerApi: 'API for developers',
      popular: 'Popular',
      choose: 'Choose',
    },
    more: {
      title: 'Get to know Switchboard',
      pricing: 'Compare the plans and billing periods.',
      contactUs: 'Talk to us about numbers, volumes and setup.',
      aboutUs: 'Who we are and how we run the service.',
      downloads: 'The Android gateway app and developer tools.',
    },
  },
};
