import { useId, useRef } from 'react';
import { whatsappShareHref } from '../../../shared/share-links';
import { useLocalizedHref, useMessages } from '../../i18n';
import { useSiteContent } from '../../site-content-context';
import { useSiteUrl } from '../../site-url';
import { useToast } from './toast';

async function copyText(text: string, input: HTMLInputElement | null): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
  } catch {
    // No clipboard API (an insecure origin, an old browser): select the text and use the old command.
    input?.select();
    document.execCommand('copy');
  }
}

/**
 * The page's address to pass on (the donate page's in the page's language, or an appeal's, whose
 * page gives its own): copy it, or send it over WhatsApp.
 */
export function ShareDonateLink({ path, text }: { path?: string; text?: string }) {
  const donatePath = useLocalizedHref()('/donate');
  const url = `${useSiteUrl()}${path ?? donatePath}`;
  const inputRef = useRef<HTMLInputElement>(null);
  const siteShareText = useSiteContent().donate.shareText;
  const shareText = text ?? siteShareText;
  const whatsappHref = whatsappShareHref(shareText, url);
  const id = useId();
  const t = useMessages();
  const toast = useToast();
  return (
    <div className="stack stack-xs">
      <div className="field">
        <label className="field-label" htmlFor={id}>
          {t('donate_share_label')}
        </label>
        <div className="with-action">
          <input
            ref={inputRef}
            id={id}
            type="text"
            className="field-input"
            readOnly
            value={url}
            onFocus={(event) => event.currentTarget.select()}
          />
          <button
            type="button"
            className="icon-button"
            aria-label={t('donate_copy_link')}
            onClick={() => void copyText(url, inputRef.current).then(() => toast('copied'))}
          >
            <svg
              aria-hidden="true"
              width="18"
              height="18"
              viewBox="0 0 24 24"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
            >
              <rect x="9" y="9" width="13" height="13" rx="2" />
              <path d="M5 15H4a2 2 0 0 1-2-2V4a2 2 0 0 1 2-2h9a2 2 0 0 1 2 2v1" />
            </svg>
          </button>
        </div>
      </div>
      <a href={whatsappHref} target="_blank" rel="noopener noreferrer" className="btn btn-outline btn-block">
        {t('donate_share_whatsapp')}
      </a>
    </div>
  );
}
