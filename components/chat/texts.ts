/**
 * The widget's texts, translated on the server (components/chat/chat-widget.tsx) and handed to the client components
 * as plain strings: public pages load no message-formatting code for the chat.
 */
export interface ChatTexts {
  launcher: { open: string; menuTitle: string; ai: string; aiText: string; whatsapp: string; whatsappText: string; opensNewTab: string };
  panel: {
    title: string;
    subtitle: string;
    close: string;
    inputLabel: string;
    placeholder: string;
    send: string;
    thinking: string;
    you: string;
    assistant: string;
    staff: string;
    staffJoined: string;
    closed: string;
    newChat: string;
    retry: string;
    loading: string;
    hint: string;
    humanPrefer: string;
    /** '{count} / {max} characters', filled in by the widget */
    counter: string;
  };
  errors: { init: string; reply: string; tooLong: string };
}

export interface ChatChannels {
  whatsapp: string;
  line: string;
  messenger: string;
}

/** Window event the Live Support panel fires to open the assistant (components/chat/open-assistant-button.tsx). */
export const OPEN_ASSISTANT_EVENT = 'pss:open-assistant';
