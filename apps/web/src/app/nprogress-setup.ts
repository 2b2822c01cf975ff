import 'nprogress/nprogress.css';
import './navigation-progress.css';
import NProgress from 'nprogress';

// Spec §9: the progress bar has no spinner.
NProgress.configure({ showSpinner: false });

export { NProgress };
