import { type ChangeEvent, type FormEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toApiError } from '@/lib/api-error.ts';
import { rememberedUsername } from '@/lib/session.ts';
import { useCaptcha } from '../api/get-captcha.ts';
import { signInWith } from '../api/login.ts';
import { CaptchaImage } from './captcha-image.tsx';
import './login-form.css';
import { CheckIcon, ErrorIcon, EyeIcon, LockIcon, ShieldIcon, UserIcon } from './login-icons.tsx';

type FieldName = 'username' | 'password' | 'code';
type FieldErrors = Partial<Record<FieldName, string>>;

interface FieldProps {
  name: FieldName;
  label: string;
  error: string | undefined;
  children: ReactNode;
  after?: ReactNode;
}

const idOf = (name: FieldName) => `login_${name}`;

function Field({ name, label, error, children, after }: FieldProps) {
  return (
    <div className={error ? 'login-field login-invalid' : 'login-field'}>
      <label className="login-label" htmlFor={idOf(name)}>
        {label}
      </label>
      <div className="login-row">
        <div className="login-control">{children}</div>
        {after}
      </div>
      {error && (
        <div className="login-error" id={`${idOf(name)}_error`}>
          {error}
        </div>
      )}
    </div>
  );
}

/** When the visitor shows the intent to sign in: as they start filling the form in, or once it has been sent. */
export type SignInMoment = 'filling' | 'sent';

interface LoginFormProps {
  /**
   * Called when the visitor starts filling the form in (typing, or a password manager filling
   * it), and again once the form has been sent: the moments to start loading the console, so
   * that nothing is left to fetch when "Log in" is clicked, and to use the wait for the answer.
   */
  onIntent?: (moment: SignInMoment) => void;
}

/**
 * Username, password, captcha and "remember me" (spec §2). Plain elements styled like the
 * console, so the sign-in page loads without the component library.
 */
export function LoginForm({ onIntent }: LoginFormProps) {
  const { t } = useTranslation();
  const [initialUsername] = useState(rememberedUsername);
  const [username, setUsername] = useState(initialUsername ?? '');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [rememberMe, setRememberMe] = useState(!!initialUsername);
  const [showPassword, setShowPassword] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string>();
  const [pending, setPending] = useState(false);
  const inputs = {
    username: useRef<HTMLInputElement>(null),
    password: useRef<HTMLInputElement>(null),
    code: useRef<HTMLInputElement>(null),
  };
  const captcha = useCaptcha();

  // The first empty field takes the focus: the username, or the password when it is remembered.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the form appears.
  useEffect(() => {
    (initialUsername ? inputs.password : inputs.username).current?.focus();
  }, []);

  const edited = (name: FieldName) => {
    if (errors[name]) setErrors((previous) => ({ ...previous, [name]: undefined }));
    if (failure) setFailure(undefined);
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    const found: FieldErrors = {};
    if (!username.trim()) found.username = t('login.usernameRequired');
    if (!password) found.password = t('login.passwordRequired');
    if (!code.trim()) found.code = t('login.codeRequired');
    setErrors(found);
    const firstInvalid = (['username', 'password', 'code'] as const).find((name) => found[name]);
    if (firstInvalid) {
      inputs[firstInvalid].current?.focus();
      return;
    }
    const uuid = captcha.data?.uuid;
    if (!uuid) {
      void captcha.refresh();
      return;
    }
    setFailure(undefined);
    setPending(true);
    try {
      const signingIn = signInWith({ username: username.trim(), password, code: code.trim(), uuid }, rememberMe);
      onIntent?.('sent');
      await signingIn;
      // Signed in: the route guard takes the visitor on (to the redirect target) and this page goes.
    } catch (error) {
      const apiError = toApiError(error);
      setPending(false);
      setFailure(apiError.status > 0 ? apiError.message : t('errors.requestFailed'));
      // The server has already spent this question, right answer or not.
      setCode('');
      void captcha.refresh();
      inputs.code.current?.focus();
    }
  };

  const intentShown = useRef(false);
  const intended = () => {
    if (intentShown.current) return;
    intentShown.current = true;
    onIntent?.('filling');
  };

  /** What each field's input has alike: its value, which clears the field's error as it changes, and that error. */
  const inputOf = (name: FieldName, value: string, setValue: (value: string) => void) => ({
    ref: inputs[name],
    id: idOf(name),
    className: 'login-input',
    value,
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      setValue(event.target.value);
      edited(name);
    },
    'aria-required': true,
    ...(errors[name] ? { 'aria-invalid': true, 'aria-describedby': `${idOf(name)}_error` } : {}),
  });

  return (
    <form className="login-form" name="login" noValidate onSubmit={onSubmit} onInput={intended}>
      <Field name="username" label={t('login.username')} error={errors.username}>
        <span className="login-prefix">
          <UserIcon />
        </span>
        <input {...inputOf('username', username, setUsername)} autoComplete="username" maxLength={64} />
      </Field>
      <Field name="password" label={t('login.password')} error={errors.password}>
        <span className="login-prefix">
          <LockIcon />
        </span>
        <input
          {...inputOf('password', password, setPassword)}
          type={showPassword ? 'text' : 'password'}
          autoComplete="current-password"
        />
        <button
          type="button"
          className="login-suffix"
          onClick={() => setShowPassword((shown) => !shown)}
          aria-label={showPassword ? t('login.hidePassword') : t('login.showPassword')}
          aria-pressed={showPassword}
        >
          <EyeIcon open={showPassword} />
        </button>
      </Field>
      <Field
        name="code"
        label={t('login.code')}
        error={errors.code}
        after={
          <CaptchaImage
            src={captcha.data?.img}
            loading={captcha.loading}
            failed={captcha.failed}
            onRefresh={() => void captcha.refresh()}
          />
        }
      >
        <span className="login-prefix">
          <ShieldIcon />
        </span>
        <input
          {...inputOf('code', code, setCode)}
          placeholder={t('login.codePlaceholder')}
          autoComplete="off"
          inputMode="numeric"
          maxLength={16}
        />
      </Field>
      <div className="login-options">
        <label className="login-checkbox">
          <input type="checkbox" checked={rememberMe} onChange={(event) => setRememberMe(event.target.checked)} />
          <span className="login-box">
            <CheckIcon />
          </span>
          {t('login.rememberMe')}
        </label>
        <Link className="login-link" to="/findPassword">
          {t('login.forgotPassword')}
        </Link>
      </div>
      {failure && (
        <div className="login-alert" role="alert">
          <span className="login-alert-icon">
            <ErrorIcon />
          </span>
          <span>{failure}</span>
        </div>
      )}
      <button type="submit" className="login-submit" aria-busy={pending}>
        {pending && <span className="login-spinner" aria-hidden="true" />}
        {pending ? t('login.submitting') : t('login.submit')}
      </button>
    </form>
  );
}
