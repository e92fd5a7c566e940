import type { Translation } from '../../types';
import type { pages as en } from '../en/pages';

export const pages: Translation<typeof en> = {
  comingLater: {
    title: 'Kommt in einer späteren Version',
    text: 'Die Werkzeuge dieser Seite folgen in einer späteren Version von Switchboard. Navigation, Titel und Brotkrumen funktionieren bereits.',
    backHome: 'Zur Startseite',
  },
  home: {
    hero: {
      eyebrow: 'SMS- und Sprachnachrichten in großen Mengen',
      title: 'Jede Nachricht Ihrer Kunden, beantwortet aus einem Posteingang',
      text: 'Switchboard verbindet Ihre Nummern, Android-Telefone und SMS-Anbieter, antwortet selbstständig auf Stichwörter, versendet Kampagnen an Tausende Kontakte und gibt Ihren Entwicklern eine API für all das.',
      getStarted: 'Kostenloses Konto erstellen',
      openControlPanel: 'Zur Systemsteuerung',
      openEmail: 'Zu Ihren E-Mails',
      seePlans: 'Tarife ansehen',
      points: {
        inbox: 'SMS und Sprache in einem Posteingang',
        autoReply: 'Antworten, während Sie schlafen',
        api: 'Entwickler-API in jedem Tarif',
      },
    },
    preview: {
      label: 'Ein Blick in den Posteingang',
      inbox: 'Posteingang',
      today: 'Heute',
      contactName: 'Maya Keller',
      question: 'Kann ich meinen Termin auf Freitag verschieben?',
      autoReplyName: 'Automatische Antwort',
      answer: 'Danke! Wir öffnen um 9:00 Uhr und bestätigen Ihren neuen Termin in Kürze.',
      optOut: 'Abgemeldet: Dieser Kontakt erhält keine Nachrichten mehr.',
      delivered: 'Zugestellt',
      sent: 'Kampagne an {{volume}} Kontakte gesendet',
    },
    features: {
      title: 'Alles, was ein Messaging-Team braucht',
      subtitle: 'Von der ersten Nachricht bis zu Tausenden am Tag: ein Ort zum Lesen, Antworten und Automatisieren.',
      smsInbox: {
        title: 'SMS-Posteingang',
        text: 'Ein Verlauf pro Kontakt und Nummer, mit Zustellstatus in Echtzeit und Antworten mit einem Klick.',
      },
      voiceInbox: {
        title: 'Sprach-Posteingang',
        text: 'Sprachnachrichten mit Aufnahme und Transkript, neben den Texten desselben Anrufers.',
      },
      autoReply: {
        title: 'Automatische Antwort',
        text: 'Regeln für Stichwörter, Erstkontakte und Geschäftszeiten, die sofort antworten, mit eingebautem Schleifenschutz.',
      },
      networks: {
        title: 'Netzwerke und die Android-App',
        text: 'Verbinden Sie SMPP, HTTP-Anbieter oder einfach ein Android-Telefon mit unserer Gateway-App als Versandnetz.',
      },
      campaigns: {
        title: 'Massenkampagnen',
        text: 'Persönliche Nachrichten an Tausende Kontakte, sofort oder geplant, mit Segmenten und Kontingent vor dem Versand gezählt.',
      },
      api: {
        title: 'Entwickler-API',
        text: 'Senden und lesen Sie Nachrichten, verwalten Sie Kontakte und empfangen Sie signierte Webhooks aus Ihrem eigenen Code.',
      },
    },
    plans: {
      title: 'Ein Tarif für jedes Volumen',
      subtitle: 'Alle Tarife enthalten mehrere Nummern, Zugang zur Systemsteuerung und eine API für Entwickler.',
      quota: 'Unter {{volume}} SMS im Monat',
      unlimitedQuota: 'Unbegrenzt SMS und Nummern',
      fullControlPanel: 'Voller Zugang zur Systemsteuerung',
      whatsapp: 'Kostenlose WhatsApp-API',
      setupFee: '{{amount}} Einrichtungsgebühr',
      multipleNumbers: 'Mehrere Nummern',
      controlPanel: 'Zugang zur Systemsteuerung',
      developerApi: 'API für Entwickler',
      popular: 'Beliebt',
      choose: 'Auswählen',
    },
    more: {
      title: 'Switchboard kennenlernen',
      pricing: 'Vergleichen Sie Tarife und Abrechnungszeiträume.',
      contactUs: 'Sprechen Sie mit uns über Nummern, Volumen und Einrichtung.',
      aboutUs: 'Wer wir sind und wie wir den Dienst betreiben.',
      downloads: 'Die Android-Gateway-App und Werkzeuge für Entwickler.',
    },
  },
};
