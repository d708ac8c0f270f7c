// The public area's stylesheets in cascade order; importing this module applies them (no antd on these pages).
import './public.css';
import './public-forms.css';
import './public-steps.css';
