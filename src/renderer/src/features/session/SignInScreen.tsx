/**
 * Sign-in: the demo or an instance; API client credentials or the browser
 * (authorization code + PKCE). Secrets typed here go straight to the main
 * process and are never kept in renderer state after the call.
 *
 * After a session ended, its profile is preselected; when the instance
 * refused the saved credentials but their keychain entry was kept, one click
 * signs in again with it.
 */
import './SignInScreen.css';
import {
  Button,
  Callout,
  Card,
  Checkbox,
  Classes,
  FormGroup,
  InputGroup,
  Intent,
  Radio,
  RadioGroup,
  SegmentedControl,
  Spinner,
} from '@blueprintjs/core';
import { useSetAtom } from 'jotai';
import { useEffect, useState, type FormEvent } from 'react';
import type { ProfileSummary, SessionState } from '../../../../shared/model/session';
import { checkInstanceUrl } from '../../../../shared/rules/session/instance-url';
import { api, errorMessage } from '../../core/api';
import { sessionAtom } from '../../core/session';
import { beginBrowserSignIn, cancelBrowserSignIn, signInWithClientCredentials, signInWithRememberedProfile } from './client';

type SignedOut = Extract<SessionState, { status: 'signed-out' }>;
type Method = 'client_credentials' | 'browser';

const DEMO_SECRET_HINT = 'demo-console-secret';

export function SignInScreen({ state }: { state: SignedOut }) {
  const setSession = useSetAtom(sessionAtom);
  const last = state.lastProfile;
  const [target, setTarget] = useState<'demo' | 'instance'>(last?.kind ?? (state.demo.available ? 'demo' : 'instance'));
  const [baseUrl, setBaseUrl] = useState(last?.kind === 'instance' ? last.baseUrl : '');
  const [method, setMethod] = useState<Method>(last?.method ?? 'client_credentials');
  const [clientId, setClientId] = useState(last?.method === 'client_credentials' ? last.clientId : state.demo.clientId);
  const [clientSecret, setClientSecret] = useState(last?.kind === 'instance' ? '' : DEMO_SECRET_HINT);
  const [browserClientId, setBrowserClientId] = useState(last?.method === 'browser' ? last.clientId : 'rmm-console');
  const [rememberChoice, setRemember] = useState(true);
  // Without a keychain nothing can be remembered: the sign-in is for this session only.
  const remember = rememberChoice && state.keychain.available;
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [waiting, setWaiting] = useState<{ url: string } | null>(null);

  useEffect(
    () =>
      api.on('session.browserSignInFailed', ({ message }) => {
        setWaiting(null);
        setError(message);
      }),
    [],
  );

  const chooseTarget = (value: string) => {
    const next = value === 'demo' ? 'demo' : 'instance';
    setTarget(next);
    setError(null);
    if (next === 'demo') {
      setClientId(state.demo.clientId);
      setClientSecret(DEMO_SECRET_HINT);
    } else {
      setClientId('');
      setClientSecret('');
    }
  };

  const fillFromProfile = (profile: ProfileSummary) => {
    setTarget(profile.kind);
    if (profile.kind === 'instance') setBaseUrl(profile.baseUrl);
    setMethod(profile.method);
    if (profile.method === 'browser') setBrowserClientId(profile.clientId);
    else {
      setClientId(profile.clientId);
      setClientSecret(profile.kind === 'demo' ? DEMO_SECRET_HINT : '');
    }
  };

  const urlCheck = target === 'instance' ? checkInstanceUrl(baseUrl) : null;
  const urlError = target === 'instance' && baseUrl.trim() && urlCheck && !urlCheck.ok ? urlCheck.message : null;
  const canSubmit =
    !busy &&
    !waiting &&
    (target === 'demo' || (urlCheck?.ok ?? false)) &&
    (method === 'browser' || (clientId.trim() !== '' && clientSecret !== ''));

  const targetInput = () =>
    target === 'demo' ? ({ kind: 'demo' } as const) : ({ kind: 'instance', baseUrl: baseUrl.trim() } as const);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!canSubmit) return;
    setBusy(true);
    setError(null);
    try {
      if (method === 'client_credentials') {
        const next = await signInWithClientCredentials({
          target: targetInput(),
          clientId: clientId.trim(),
          clientSecret,
          remember,
        });
        setClientSecret('');
        setSession(next);
      } else {
        const started = await beginBrowserSignIn({
          target: targetInput(),
          ...(target === 'instance' ? { clientId: browserClientId.trim() || 'rmm-console' } : {}),
          remember,
        });
        // Opened only now, after the main process accepted the instance, and with
        // noopener so the sign-in page cannot reach back into the console. A popup blocker
        // may stop it once the click is long past: the link below opens the same page.
        if (!started.openedExternally) window.open(started.authorizeUrl, '_blank', 'noopener,noreferrer');
        setWaiting({ url: started.authorizeUrl });
      }
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };

  const signInAgain = async (profileId: string) => {
    setBusy(true);
    setError(null);
    try {
      setSession(await signInWithRememberedProfile({ profileId }));
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };

  const cancelBrowser = async () => {
    await cancelBrowserSignIn().catch(() => undefined);
    setWaiting(null);
  };

  const otherProfiles = state.profiles.filter((p) => p.kind === 'instance').slice(0, 5);

  return (
    // One main landmark and an h1.
    <main className="sign-in">
      <Card className="sign-in-card" elevation={2}>
        <h1 className={`${Classes.HEADING} sign-in-title`}>Sign in to your RMM instance</h1>
        {state.reason === 'expired' && (
          <Callout intent={Intent.WARNING} icon="time" className="gap">
            {state.message ?? 'Your session has expired. Please sign in again.'}
          </Callout>
        )}
        {state.reason === 'restore-failed' && state.message && (
          <Callout intent={Intent.WARNING} className="gap">
            {state.message}
          </Callout>
        )}
        {state.reason === 'credentials-refused' && (
          <Callout intent={Intent.WARNING} icon="key" className="gap" data-testid="credentials-refused">
            {state.message ?? 'The instance refused the saved credentials. Sign in again to continue.'}
            {last?.remembered && (
              <div className="gap-top">
                <Button intent={Intent.PRIMARY} loading={busy} disabled={!!waiting} onClick={() => void signInAgain(last.id)}>
                  Sign in again to {last.name}
                </Button>
              </div>
            )}
          </Callout>
        )}
        {!state.keychain.available && (
          <Callout intent={Intent.WARNING} icon="lock" className="gap" data-testid="keychain-warning">
            {/* Blueprint titles a callout with an h5; under the h1 that skips levels. */}
            <h2 className={`${Classes.HEADING} callout-title`}>System keychain unavailable</h2>
            {state.keychain.message}
          </Callout>
        )}
        <form onSubmit={(e) => void submit(e)} aria-label="Sign in">
          <FormGroup label="Where">
            <SegmentedControl
              fill
              value={target}
              onValueChange={chooseTarget}
              options={[
                ...(state.demo.available ? [{ label: 'Demo', value: 'demo' }] : []),
                { label: 'Instance', value: 'instance' },
              ]}
            />
          </FormGroup>
          {target === 'instance' && (
            <FormGroup
              label="Instance URL"
              labelFor="instance-url"
              helperText={urlError ?? 'https://, or http:// only for 127.0.0.1 / localhost'}
              intent={urlError ? Intent.DANGER : Intent.NONE}
            >
              <InputGroup
                id="instance-url"
                placeholder="https://eu.example-rmm.com"
                value={baseUrl}
                onValueChange={setBaseUrl}
                intent={urlError ? Intent.DANGER : Intent.NONE}
                autoFocus
              />
            </FormGroup>
          )}
          {target === 'instance' && otherProfiles.length > 0 && (
            <div className="recent-profiles gap">
              {otherProfiles.map((p) => (
                <Button key={p.id} size="small" variant="minimal" icon="history" onClick={() => fillFromProfile(p)}>
                  {p.name}
                </Button>
              ))}
            </div>
          )}
          <RadioGroup
            label="Sign in with"
            selectedValue={method}
            onChange={(e) => setMethod(e.currentTarget.value as Method)}
          >
            <Radio value="client_credentials" label="API client credentials" />
            <Radio value="browser" label="The browser (single sign-on)" />
          </RadioGroup>
          {method === 'client_credentials' ? (
            <>
              <FormGroup label="Client id" labelFor="client-id">
                <InputGroup id="client-id" value={clientId} onValueChange={setClientId} autoComplete="off" />
              </FormGroup>
              <FormGroup label="Client secret" labelFor="client-secret">
                <InputGroup
                  id="client-secret"
                  type="password"
                  value={clientSecret}
                  onValueChange={setClientSecret}
                  autoComplete="off"
                />
              </FormGroup>
            </>
          ) : (
            target === 'instance' && (
              <FormGroup label="Client id" labelFor="browser-client-id" helperText="The instance's public client for this console">
                <InputGroup id="browser-client-id" value={browserClientId} onValueChange={setBrowserClientId} />
              </FormGroup>
            )
          )}
          <Checkbox
            // Without a keychain the box states what happens: this session only, ticked and fixed.
            checked={state.keychain.available ? remember : true}
            disabled={!state.keychain.available}
            onChange={(e) => setRemember(e.currentTarget.checked)}
            label={state.keychain.available ? 'Keep me signed in on this computer' : 'This session only (nothing is saved)'}
          />
          {error && (
            <Callout intent={Intent.DANGER} className="gap" role="alert">
              {error}
            </Callout>
          )}
          {waiting ? (
            <Callout intent={Intent.PRIMARY} icon={<Spinner size={16} />} className="gap" data-testid="browser-waiting">
              Complete the sign-in in your browser.{' '}
              <a href={waiting.url} target="_blank" rel="noreferrer noopener">
                Open the sign-in page again
              </a>
              <div className="gap-top">
                <Button onClick={() => void cancelBrowser()}>Cancel</Button>
              </div>
            </Callout>
          ) : (
            <Button type="submit" intent={Intent.PRIMARY} fill loading={busy} disabled={!canSubmit} className="gap-top">
              Sign in
            </Button>
          )}
        </form>
      </Card>
    </main>
  );
}
