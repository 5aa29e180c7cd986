import { aboutText, startingAboutText } from '../../content/about';
import { college } from '../../content/college';
import { AppLink } from '../../shared/components/app-link';
import { usePageMeta } from '../../shared/hooks/use-page-meta';
import { PEOPLE_PATH } from '../../shared/paths/notices';
import { editMark, pageText } from '../../shared/lib/page-text';

/** Where a point leads for more than its words: the faculty to the directory of people. */
const POINT_LINKS: Readonly<Record<string, { label: string; href: string }>> = {
  faculty: { label: 'Meet our faculty and staff', href: PEOPLE_PATH },
};

export default function AboutPage() {
  usePageMeta(college.pages.about);
  const about = aboutText;
  const text = pageText('about', startingAboutText());
  const mark = (field: string) => editMark('about', field);
  return (
    <div className="section container">
      <h1 {...mark('heading')}>{text.heading}</h1>
      <p className="lead" {...mark('intro')}>
        {text.intro}
      </p>
      <ul className="card-grid selling-points">
        {about.sellingPoints.map((point, index) => {
          const more = POINT_LINKS[point.id];
          return (
          <li key={point.id} id={point.id} className="card selling-point">
            <h2 className="selling-point__title" {...mark(`points.${index}.title`)}>
              {text[`points.${index}.title`]}
            </h2>
            <p {...mark(`points.${index}.text`)}>{text[`points.${index}.text`]}</p>
            {more && (
              <p>
                <AppLink href={more.href}>{more.label}</AppLink>
              </p>
            )}
          </li>
          );
        })}
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
