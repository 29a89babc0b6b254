'use client';

import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useClientTexts } from '@/components/i18n/client-texts';
import { getActionBarContact, type ActionBarContact } from './actions';

type Toast = { title: string; text: string; tone: 'error' | 'info' };

const ICONS = {
  call: 'M6.6 10.8a15.1 15.1 0 0 0 6.6 6.6l2.2-2.2a1 1 0 0 1 1-.24 11.4 11.4 0 0 0 3.6.57 1 1 0 0 1 1 1V20a1 1 0 0 1-1 1A17 17 0 0 1 3 4a1 1 0 0 1 1-1h3.5a1 1 0 0 1 1 1c0 1.25.2 2.45.57 3.57a1 1 0 0 1-.25 1Z',
  location: 'M12 2a7 7 0 0 0-7 7c0 5.25 7 13 7 13s7-7.75 7-13a7 7 0 0 0-7-7Zm0 9.5A2.5 2.5 0 1 1 12 6.5a2.5 2.5 0 0 1 0 5Z',
  photo: 'M9 3 7.2 5H4a2 2 0 0 0-2 2v12a2 2 0 0 0 2 2h16a2 2 0 0 0 2-2V7a2 2 0 0 0-2-2h-3.2L15 3H9Zm3 15a5 5 0 1 1 0-10 5 5 0 0 1 0 10Z',
  alerts: 'M12 22a2 2 0 0 0 2-2h-4a2 2 0 0 0 2 2Zm6-6V11c0-3.07-1.64-5.64-4.5-6.32V4a1.5 1.5 0 0 0-3 0v.68C7.63 5.36 6 7.92 6 11v5l-2 2v1h16v-1l-2-2Z',
} as const;

async function hasCamera(): Promise<boolean> {
  try {
    if (!navigator.mediaDevices?.enumerateDevices) return false;
    const devices = await navigator.mediaDevices.enumerateDevices();
    return devices.some((d) => d.kind === 'videoinput');
  } catch {
    return false;
  }
}

function BarButton({ label, icon, onClick }: { label: string; icon: keyof typeof ICONS; onClick: () => void }): ReactNode {
  return (
    <button
      type="button"
      onClick={onClick}
      className="flex min-h-14 flex-1 flex-col items-center justify-center gap-0.5 text-xs font-medium text-white hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-[-4px] focus-visible:outline-white"
    >
      <svg aria-hidden="true" viewBox="0 0 24 24" className="h-6 w-6">
        <path fill="currentColor" d={ICONS[icon]} />
      </svg>
      {label}
    </button>
  );
}

/** Bottom bar of the installed app: Call, Location, Photo (when a camera exists) and Alerts. */
export function ActionBar() {
  const texts = useClientTexts().actionBar;
  const t = (key: keyof typeof texts) => texts[key];
  const [contact, setContact] = useState<ActionBarContact | null>(null);
  // Shown once the contact request settles, so a tap never races it; a failed request still shows the bar and its
  // buttons explain the failure.
  const [ready, setReady] = useState(false);
  const [camera, setCamera] = useState(false);
  const [toast, setToast] = useState<Toast | null>(null);
  const [photo, setPhoto] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);

  useEffect(() => {
    let live = true;
    getActionBarContact(undefined)
      .then((r) => live && r.ok && setContact(r.data))
      .catch(() => undefined)
      .finally(() => live && setReady(true));
    hasCamera().then((c) => live && setCamera(c));
    return () => {
      live = false;
    };
  }, []);

  useEffect(() => {
    if (!toast) return;
    const id = window.setTimeout(() => setToast(null), 6000);
    return () => window.clearTimeout(id);
  }, [toast]);

  const call = () => {
    try {
      if (!contact) throw new Error('no phone');
      window.location.href = `tel:${contact.phoneHref}`;
    } catch {
      setToast({ title: t('callFailed'), text: t('callFailedText'), tone: 'error' });
    }
  };

  const openMap = () => {
    try {
      if (!contact) throw new Error('no map');
      const win = window.open(contact.mapUrl, '_blank');
      if (!win) throw new Error('blocked');
      win.opener = null;
    } catch {
      setToast({ title: t('mapFailed'), text: t('mapFailedText'), tone: 'error' });
    }
  };

  const takePhoto = () => {
    if (!camera || !fileInput.current) {
      setToast({ title: t('cameraUnavailable'), text: t('cameraUnavailableText'), tone: 'error' });
      return;
    }
    fileInput.current.click();
  };

  const onPhoto = (file: File | undefined) => {
    if (!file) return;
    const reader = new FileReader();
    reader.onload = () => {
      setPhoto(typeof reader.result === 'string' ? reader.result : null);
      setToast({ title: t('photoTaken'), text: t('photoTakenText'), tone: 'info' });
    };
    reader.onerror = () => setToast({ title: t('cameraError'), text: t('cameraErrorText'), tone: 'error' });
    reader.readAsDataURL(file);
  };

  const enableAlerts = async () => {
    if (!('Notification' in window)) {
      setToast({ title: t('alertsUnsupported'), text: t('alertsUnsupportedText'), tone: 'error' });
      return;
    }
    try {
      const permission = await Notification.requestPermission();
      setToast(
        permission === 'granted'
          ? { title: t('alertsOn'), text: t('alertsOnText'), tone: 'info' }
          : { title: t('alertsBlocked'), text: t('alertsBlockedText'), tone: 'error' },
      );
    } catch {
      setToast({ title: t('alertsUnsupported'), text: t('alertsUnsupportedText'), tone: 'error' });
    }
  };

  if (!ready) return null;

  return (
    <>
      {/* Keeps the footer above the fixed bar. */}
      <div aria-hidden="true" className="h-16" />
      {toast && (
        <div
          role={toast.tone === 'error' ? 'alert' : 'status'}
          className={`fixed inset-x-3 bottom-20 z-50 rounded-xl p-4 shadow-lg ${toast.tone === 'error' ? 'bg-red-700 text-white' : 'bg-slate-900 text-white'}`}
        >
          <div className="flex items-start justify-between gap-3">
            <div>
              <p className="font-semibold">{toast.title}</p>
              <p className="mt-1 text-sm">{toast.text}</p>
            </div>
            <button type="button" onClick={() => setToast(null)} className="text-sm underline">
              {t('dismiss')}
            </button>
          </div>
        </div>
      )}
      {photo && (
        <div className="fixed bottom-20 right-3 z-40">
          {/* eslint-disable-next-line @next/next/no-img-element -- a local data URL, nothing for next/image to optimise */}
          <img src={photo} alt={t('photoTaken')} width={96} height={96} className="h-24 w-24 rounded-lg border-2 border-white object-cover shadow-lg" />
          <button type="button" onClick={() => setPhoto(null)} className="mt-1 w-full rounded bg-slate-900 text-xs text-white">
            {t('dismiss')}
          </button>
        </div>
      )}
      <nav
        aria-label={t('label')}
        className="fixed inset-x-0 bottom-0 z-40 flex bg-brand-800 pb-[env(safe-area-inset-bottom)] shadow-[0_-2px_8px_rgba(0,0,0,0.15)]"
      >
        <BarButton label={t('call')} icon="call" onClick={call} />
        <BarButton label={t('location')} icon="location" onClick={openMap} />
        {camera && <BarButton label={t('photo')} icon="photo" onClick={takePhoto} />}
        <BarButton label={t('alerts')} icon="alerts" onClick={enableAlerts} />
      </nav>
      <input
        ref={fileInput}
        type="file"
        accept="image/*"
        capture="environment"
        hidden
        onChange={(e) => {
          onPhoto(e.currentTarget.files?.[0]);
          e.currentTarget.value = '';
        }}
      />
    </>
  );
}
