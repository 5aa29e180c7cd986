import { college } from '../../content/college';
import { AppLink } from '../../shared/components/app-link';
import { usePageMeta } from '../../shared/hooks/use-page-meta';
import { editMark, pageText } from '../../shared/lib/page-text';

export function AboutPage() {
  usePageMeta(college.pages.about);
  const { about } = college;
  const text: Record<string, string> = pageText('about');
  const mark = (field: string) => editMark('about', field);
  return (
    <div className="section container">
      <h1 {...mark('heading')}>{text.heading}</h1>
      <p className="lead" {...mark('intro')}>
        {text.intro}
      </p>
      <ul className="card-grid selling-points">
        {about.sellingPoints.map((point, index) => (
          <li key={point.id} id={point.id} className="card selling-point">
            <h2 className="selling-point__title" {...mark(`points.${index}.title`)}>
              {text[`points.${index}.title`]}
            </h2>
            <p {...mark(`points.${index}.text`)}>{text[`points.${index}.text`]}</p>
          </li>
        ))}
      </ul>
      <div className="closing">
        <p className="closing__text" {...mark('closing')}>
          {text.closing}
        </p>
        <AppLink href={about.closingAction.href} className="button">
          <span {...mark('action')}>{text.action}</span>
        </AppLink>
      </div>
    </div>
  );
}
