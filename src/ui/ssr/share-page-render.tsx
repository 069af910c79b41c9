// A share page's content rendered on the server, with the app's own components and strings: what
// the app's root layout shows below its header (the page's <main> and the footer) for the state
// the page's first call answers. The server build emits this module beside server.mjs
// (vite.server.config.ts) and the server loads it at run time (server/modules/share-page), so the
// server's code imports none of the UI's. It runs no effects and touches no browser globals.
import i18next, { type i18n as I18n } from 'i18next';
import { renderToString } from 'react-dom/server';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import {
  type RenderSharePage,
  SHARE_ISLAND_ELEMENT_ID,
  type SharePageInput,
  type SharePageLanguage,
} from '@shared/share-page';
import { isLockedPaste, isRevealPending } from '@shared/api/paste.schema';
import { isLockedFile } from '@shared/api/file-share.schema';
import { previewKind } from '@shared/preview-kind';
import { PageZone } from '@ui/lib/page-zone';
import { TextPreviewView } from '@ui/components/preview/text-preview';
import { FileShareBody, FileShareSection } from '@ui/features/file-view/file-share-view';
import { componentResources } from '@ui/components/components.locales';
import { SiteFooter } from '@ui/components/site-footer';
import { previewResources } from '@ui/components/preview/preview.locales';
import { PasteShareView, type ShownPasteState } from '@ui/features/pastes/paste-share-view';
import { pastesResources } from '@ui/features/pastes/pastes.locales';
import { fileViewResources } from '@ui/features/file-view/file-view.locales';
import { pwaResources } from '@ui/features/pwa/pwa.locales';
import { transfersResources } from '@ui/features/basket/transfers.locales';
import { en } from '@ui/locales/en';
import { zh } from '@ui/locales/zh';

const catalogues = {
  en: {
    ...en,
    ...pwaResources.en,
    ...componentResources.en,
    ...pastesResources.en,
    ...fileViewResources.en,
    ...previewResources.en,
    ...transfersResources.en,
  },
  zh: {
    ...zh,
    ...pwaResources.zh,
    ...componentResources.zh,
    ...pastesResources.zh,
    ...fileViewResources.zh,
    ...previewResources.zh,
    ...transfersResources.zh,
  },
};

/** One instance per language, made once: rendering only reads it. */
const instances = new Map<SharePageLanguage, I18n>();

function i18nFor(language: SharePageLanguage): I18n {
  const known = instances.get(language);
  if (known !== undefined) return known;
  const instance = i18next.createInstance();
  instance.use(initReactI18next);
  void instance.init({
    resources: { en: { translation: catalogues.en }, zh: { translation: catalogues.zh } },
    lng: language,
    fallbackLng: 'en',
    interpolation: { escapeValue: false },
    initAsync: false,
    // A key no catalogue here holds would render as the key itself: say which, in the server's log.
    saveMissing: true,
    missingKeyHandler: (_languages, _namespace, key) => console.error(`share page: missing string: ${key}`),
  });
  instances.set(language, instance);
  return instance;
}

const ignore = () => undefined;
const nothingAdded = async () => '';

function pasteState(input: Extract<SharePageInput, { kind: 'paste' }>): ShownPasteState {
  const { answer } = input;
  if (isLockedPaste(answer)) return { status: 'locked', meta: answer, unlocking: false, error: null };
  if (isRevealPending(answer)) return { status: 'reveal', viewsLeft: answer.viewsLeft, revealing: false, error: null };
  return { status: 'ready', paste: answer };
}

function Content({ input }: { input: SharePageInput }) {
  if (input.kind === 'paste')
    return (
      <PasteShareView
        slug={input.slug}
        state={pasteState(input)}
        rawUrl={input.rawUrl}
        onUnlock={ignore}
        onReveal={ignore}
      />
    );
  return <FileContent input={input} />;
}

/** A public file without a view limit (the server renders no other): details, links, preview. */
function FileContent({ input }: { input: Extract<SharePageInput, { kind: 'file' }> }) {
  const file = input.answer;
  if (isLockedFile(file)) return null;
  const kind = previewKind(file.mimetype, file.filename);
  return (
    <FileShareSection title={file.filename}>
      <FileShareBody
        file={file}
        kind={kind}
        links={input.links}
        asking={null}
        onReveal={ignore}
        onAddToBasket={nothingAdded}
        office={null}
        text={
          input.preview === undefined ? (
            <TextPreviewView state={{ status: 'loading' }} markdown={kind === 'markdown'} limitBytes={0} />
          ) : (
            <TextPreviewView
              state={{ status: 'ready', ...input.preview }}
              markdown={kind === 'markdown'}
              limitBytes={input.preview.limit_bytes}
            />
          )
        }
      />
    </FileShareSection>
  );
}

// The share's view is its own element, which the app adopts as it is (src/ui/app/share-island.tsx):
// rendered apart from the main element and the footer, which the app's root layout draws itself.
export const renderSharePage: RenderSharePage = (input, { language, zoneOffset }) => {
  const i18n = i18nFor(language);
  const island = renderToString(
    <I18nextProvider i18n={i18n}>
      <PageZone offset={zoneOffset}>
        <Content input={input} />
      </PageZone>
    </I18nextProvider>,
  );
  const footer = renderToString(
    <I18nextProvider i18n={i18n}>
      <SiteFooter />
    </I18nextProvider>,
  );
  return `<main id="main" class="shell__main" tabindex="-1"><div id="${SHARE_ISLAND_ELEMENT_ID}" class="share-island">${island}</div></main>${footer}`;
};
