import { useNavigate } from 'react-router-dom';
import { Icon } from '../shell/icons';
import { SHELL } from '../strings';

/** The title row of a detail screen, with its back button (SPEC §2: every detail screen has one). */
export function PageHeader({ title }: { title: string }) {
  const navigate = useNavigate();
  const back = () => {
    // A deep link opened directly has no history inside the app: go home instead of leaving it.
    if (window.history.state && (window.history.state as { idx?: number }).idx) navigate(-1);
    else navigate('/');
  };
  return (
    <div className="page-header">
      <button type="button" className="icon-button" aria-label={SHELL.back} onClick={back}>
        <Icon name="back" />
      </button>
      <h1>{title}</h1>
    </div>
  );
}
