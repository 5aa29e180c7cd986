//! Writing HTML (and XML) that is escaped by default, the way Zola's or askama's templates are.
//!
//! A page's parts are [`Html`] values, and there are only three ways to make one: escaping a
//! text ([`Markup::text`]), the [`html!`] builder, and [`Markup::trusted`] for markup made
//! safe elsewhere (the Markdown sanitiser's output), which is named so that every such place
//! stands out and says why. [`html!`] takes a format string and arguments as `format!` does,
//! and each argument goes through [`ToMarkup`]: a text is escaped, a number written as it is,
//! and an `Html` value written as it is. A value can therefore reach a page unescaped only
//! where the code says so; forgetting to escape one is no longer possible. A whole page stays a
//! `String`: the web build's prerendered page, with `Html` parts put into its marked places.
//! [`xml!`] and [`Xml`] are the same for the feed and the sitemap.

use std::{fmt, marker::PhantomData};

/// The rules of one markup language: how a text is written in it.
pub trait Language {
    fn write_text(text: &str, out: &mut fmt::Formatter<'_>) -> fmt::Result;
}

/// HTML, in an element's content and in a quoted attribute's value alike.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct HtmlLanguage;

/// XML 1.0: the feed and the sitemap.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct XmlLanguage;

impl Language for HtmlLanguage {
    fn write_text(text: &str, out: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_escaped(text, out)
    }
}

impl Language for XmlLanguage {
    /// Escaped as in HTML, without the characters XML 1.0 forbids (controls other than tab and
    /// line ends, U+FFFE and U+FFFF) nor Unicode's other non-characters: one of them in a
    /// notice's title would make the whole feed unreadable to every reader.
    fn write_text(text: &str, out: &mut fmt::Formatter<'_>) -> fmt::Result {
        if text.chars().all(fits_xml) {
            write_escaped(text, out)
        } else {
            write_escaped(
                &text.chars().filter(|&c| fits_xml(c)).collect::<String>(),
                out,
            )
        }
    }
}

fn fits_xml(c: char) -> bool {
    let code = u32::from(c);
    (!c.is_control() || matches!(c, '\t' | '\n' | '\r'))
        && !(0xFDD0..=0xFDEF).contains(&code)
        && code & 0xFFFE != 0xFFFE
}

/// Escapes the five characters that can end a text or a quoted attribute (either quote), the
/// same way React does, so the page reads the same whether the server or the app drew it.
fn write_escaped(text: &str, out: &mut impl fmt::Write) -> fmt::Result {
    let mut from = 0;
    for (at, c) in text.char_indices() {
        let entity = match c {
            '&' => "&amp;",
            '<' => "&lt;",
            '>' => "&gt;",
            '"' => "&quot;",
            '\'' => "&#x27;",
            _ => continue,
        };
        out.write_str(&text[from..at])?;
        out.write_str(entity)?;
        from = at + 1;
    }
    out.write_str(&text[from..])
}

/// Markup of language `L` that is safe to put into a document as it is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Markup<L> {
    text: String,
    language: PhantomData<L>,
}

/// A part of a page.
pub type Html = Markup<HtmlLanguage>;
/// A part of the feed or of the sitemap.
pub type Xml = Markup<XmlLanguage>;

/// Nothing: a part a page leaves out.
impl<L> Default for Markup<L> {
    fn default() -> Self {
        Markup {
            text: String::new(),
            language: PhantomData,
        }
    }
}

impl<L: Language> Markup<L> {
    pub fn new() -> Self {
        Self::default()
    }

    /// `text` escaped: it reads as the same words, whatever characters it holds.
    pub fn text(text: &str) -> Self {
        let mut markup = Self::new();
        markup.push(text);
        markup
    }

    /// `markup` as it is. Only for markup that was made safe elsewhere; each caller says why.
    pub fn trusted(markup: impl Into<String>) -> Self {
        Markup {
            text: markup.into(),
            language: PhantomData,
        }
    }

    /// What [`html!`] and [`xml!`] write, each of their arguments escaped already (through
    /// [`escaped`]). Not for other code: it would let a text skip the escaping.
    #[doc(hidden)]
    pub fn from_builder(arguments: fmt::Arguments<'_>) -> Self {
        Self::trusted(fmt::format(arguments))
    }

    /// Adds `part` at the end: a text escaped, markup as it is.
    pub fn push(&mut self, part: impl ToMarkup<L>) {
        use fmt::Write;
        // Writing into a String cannot fail.
        let _ = write!(self.text, "{}", escaped::<L, _>(&part));
    }

    pub fn as_str(&self) -> &str {
        &self.text
    }

    pub fn into_string(self) -> String {
        self.text
    }

    pub fn is_empty(&self) -> bool {
        self.text.is_empty()
    }
}

/// The markup as it is (it is safe already): what goes into a page that is a `String`.
impl<L> fmt::Display for Markup<L> {
    fn fmt(&self, out: &mut fmt::Formatter<'_>) -> fmt::Result {
        out.write_str(&self.text)
    }
}

/// Parts one after another: a list's items.
impl<L: Language> FromIterator<Markup<L>> for Markup<L> {
    fn from_iter<I: IntoIterator<Item = Markup<L>>>(parts: I) -> Self {
        let mut markup = Self::new();
        for part in parts {
            markup.text.push_str(&part.text);
        }
        markup
    }
}

/// A value that can go into markup of language `L`: a text is escaped, a number written as it
/// is, and markup of the same language written as it is.
pub trait ToMarkup<L> {
    fn write_markup(&self, out: &mut fmt::Formatter<'_>) -> fmt::Result;
}

impl<L: Language> ToMarkup<L> for str {
    fn write_markup(&self, out: &mut fmt::Formatter<'_>) -> fmt::Result {
        L::write_text(self, out)
    }
}

impl<L: Language> ToMarkup<L> for String {
    fn write_markup(&self, out: &mut fmt::Formatter<'_>) -> fmt::Result {
        L::write_text(self, out)
    }
}

impl<L, T: ToMarkup<L> + ?Sized> ToMarkup<L> for &T {
    fn write_markup(&self, out: &mut fmt::Formatter<'_>) -> fmt::Result {
        (**self).write_markup(out)
    }
}

impl<L> ToMarkup<L> for Markup<L> {
    fn write_markup(&self, out: &mut fmt::Formatter<'_>) -> fmt::Result {
        out.write_str(&self.text)
    }
}

/// HTML inside XML is a text like any other: the feed carries each notice's HTML escaped.
impl ToMarkup<XmlLanguage> for Html {
    fn write_markup(&self, out: &mut fmt::Formatter<'_>) -> fmt::Result {
        XmlLanguage::write_text(&self.text, out)
    }
}

/// Digits need no escaping; a width in the format string (`{month:02}`) still applies.
macro_rules! numbers_as_they_are {
    ($($number:ty)*) => {
        $(impl<L> ToMarkup<L> for $number {
            fn write_markup(&self, out: &mut fmt::Formatter<'_>) -> fmt::Result {
                fmt::Display::fmt(self, out)
            }
        })*
    };
}
numbers_as_they_are!(i8 i16 i32 i64 isize u8 u16 u32 u64 usize);

/// An argument of [`html!`] or [`xml!`], written through [`ToMarkup`].
#[doc(hidden)]
pub struct Escaped<'a, L, T: ?Sized>(&'a T, PhantomData<L>);

#[doc(hidden)]
pub fn escaped<L, T: ToMarkup<L> + ?Sized>(value: &T) -> Escaped<'_, L, T> {
    Escaped(value, PhantomData)
}

impl<L, T: ToMarkup<L> + ?Sized> fmt::Display for Escaped<'_, L, T> {
    fn fmt(&self, out: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.write_markup(out)
    }
}

/// [`Html`] from a format string and its arguments, as `format!` takes them, each argument
/// escaped unless it is `Html`: `html!(r#"<a href="{}">{title}</a>"#, path, title = name)`.
/// The format string is markup written here, in the code. It cannot name a variable of the
/// code around it (`{name}` without `name = …`, which `format!` allows), since that value
/// would skip the escaping: the string goes through `concat!`, which turns such capture off.
macro_rules! html {
    ($($input:tt)+) => {
        $crate::web::html::markup!($crate::web::html::HtmlLanguage; $($input)+)
    };
}
pub(crate) use html;

/// [`Xml`] as [`html!`] makes `Html`; `Html` among its arguments is escaped as a text.
macro_rules! xml {
    ($($input:tt)+) => {
        $crate::web::html::markup!($crate::web::html::XmlLanguage; $($input)+)
    };
}
pub(crate) use xml;

/// What [`html!`] and [`xml!`] share: wraps each argument, named or not, in [`escaped`], then
/// formats them all at once.
macro_rules! markup {
    ($language:ty; $format:expr; [$($wrapped:tt)*];) => {
        $crate::web::html::Markup::<$language>::from_builder(::std::format_args!(
            ::std::concat!($format),
            $($wrapped)*
        ))
    };
    ($language:ty; $format:expr; [$($wrapped:tt)*]; $name:ident = $value:expr $(, $($rest:tt)*)?) => {
        $crate::web::html::markup!($language; $format; [
            $($wrapped)* $name = $crate::web::html::escaped::<$language, _>(&$value),
        ]; $($($rest)*)?)
    };
    ($language:ty; $format:expr; [$($wrapped:tt)*]; $value:expr $(, $($rest:tt)*)?) => {
        $crate::web::html::markup!($language; $format; [
            $($wrapped)* $crate::web::html::escaped::<$language, _>(&$value),
        ]; $($($rest)*)?)
    };
    ($language:ty; $format:expr $(, $($arguments:tt)*)?) => {
        $crate::web::html::markup!($language; $format; []; $($($arguments)*)?)
    };
}
pub(crate) use markup;

/// JSON that is safe inside a `<script>` element: nothing in it can close the element, so it
/// goes in as it is (escaping it as a text would change its quotes).
pub fn json_for_script(value: &serde_json::Value) -> Html {
    Html::trusted(
        value
            .to_string()
            .replace('<', "\\u003c")
            .replace('>', "\\u003e")
            .replace('&', "\\u0026"),
    )
}

#[cfg(test)]
mod tests;
