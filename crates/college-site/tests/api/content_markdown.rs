//! An editor's Markdown as visitors get it: what the toolbar makes comes out as HTML, and
//! vectors from OWASP's XSS filter evasion list come out inert (no script, no handler, no
//! style, no frame, no link to a script), whatever the editor typed.

use std::collections::HashMap;

use college_site::content::render::markdown::{
    ImageSet, image_paths, summary, to_safe_html, to_safe_html_with,
};

#[test]
fn the_toolbar_s_markdown_becomes_its_html() {
    let html = to_safe_html(
        "# Exams\n\n**Bold** and *italic*, ~~old~~.\n\n- one\n- two\n\n3. three\n\n\
         | Day | Paper |\n|:--|--:|\n| Mon | Accounts |\n\n[Fees](https://college.test/fees) \
         [Call](tel:+912045678900) [Write](mailto:office@college.test) [Contact](/contact)",
    )
    .into_string();
    for expected in [
        "<h2>Exams</h2>",
        "<strong>Bold</strong>",
        "<em>italic</em>",
        "<del>old</del>",
        "<li>one</li>",
        "<ol start=\"3\">",
        "<th>Day</th>",
        "<td>Accounts</td>",
        "<a href=\"https://college.test/fees\" rel=\"noopener noreferrer\">Fees</a>",
        "<a href=\"tel:+912045678900\" rel=\"noopener noreferrer\">Call</a>",
        "<a href=\"mailto:office@college.test\" rel=\"noopener noreferrer\">Write</a>",
        "<a href=\"/contact\" rel=\"noopener noreferrer\">Contact</a>",
    ] {
        assert!(html.contains(expected), "{expected} in {html}");
    }
    // Alignment would need a style attribute, which the CSP refuses.
    assert!(!html.contains("style"), "{html}");
    assert_eq!(
        to_safe_html("ગુજરાતી **સૂચના**").as_str(),
        "<p>ગુજરાતી <strong>સૂચના</strong></p>\n"
    );
}

/// From OWASP's XSS filter evasion cheat sheet, and a few Markdown-only ways in.
const VECTORS: &[&str] = &[
    "<script>alert(1)</script>",
    "<SCRIPT SRC=https://evil.test/xss.js></SCRIPT>",
    "<IMG SRC=\"javascript:alert('XSS');\">",
    "<IMG SRC=javascript:alert('XSS')>",
    "<IMG SRC=`javascript:alert(\"RSnake says, 'XSS'\")`>",
    "<a onmouseover=\"alert(document.cookie)\">xxs link</a>",
    "<IMG \"\"\"><SCRIPT>alert(\"XSS\")</SCRIPT>\"\\>",
    "<IMG SRC=# onmouseover=\"alert('xxs')\">",
    "<img src=x onerror=\"&#0000106&#0000097&#0000118&#0000097&#0000115&#0000099&#0000114&#0000105&#0000112&#0000116&#0000058&#0000097&#0000108&#0000101&#0000114&#0000116&#0000040&#0000039&#0000088&#0000083&#0000083&#0000039&#0000041\">",
    "<IMG SRC=&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;&#97;&#108;&#101;&#114;&#116;&#40;&#39;&#88;&#83;&#83;&#39;&#41;>",
    "<IMG SRC=\"jav&#x09;ascript:alert('XSS');\">",
    "<SCRIPT/XSS SRC=\"http://xss.rocks/xss.js\"></SCRIPT>",
    "<BODY onload!#$%&()*~+-_.,:;?@[/|\\]^`=alert(\"XSS\")>",
    "<<SCRIPT>alert(\"XSS\");//\\<</SCRIPT>",
    "<iframe src=http://xss.rocks/scriptlet.html <",
    "<svg/onload=alert('XSS')>",
    "<STYLE>li {list-style-image: url(\"javascript:alert('XSS')\");}</STYLE><UL><LI>XSS</br>",
    "<DIV STYLE=\"background-image: url(javascript:alert('XSS'))\">",
    "<META HTTP-EQUIV=\"refresh\" CONTENT=\"0;url=javascript:alert('XSS');\">",
    "<TABLE BACKGROUND=\"javascript:alert('XSS')\">",
    "<OBJECT TYPE=\"text/x-scriptlet\" DATA=\"http://xss.rocks/scriptlet.html\"></OBJECT>",
    "<form action=\"javascript:alert(1)\"><button>go</button></form>",
    "[click](javascript:alert(1))",
    "[click](JaVaScRiPt:alert(1))",
    "[click](java\tscript:alert(1))",
    "[click](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)",
    "[click](vbscript:msgbox(1))",
    "[click](//evil.test/phish)",
    "<javascript:alert(1)>",
    "![x](javascript:alert(1))",
    "![x](https://evil.test/track.png \"onerror=alert(1)\")",
    "[x](https://ok.test \"\" onclick=alert(1))",
    "<details open ontoggle=alert(1)>",
    "`<script>alert(1)</script>`",
    "```\n<script>alert(1)</script>\n```",
    "<a href=\"https://ok.test\" target=\"_blank\" id=\"site-header\" class=\"button\">look</a>",
];

#[test]
fn xss_vectors_come_out_inert() {
    for vector in VECTORS {
        let html = to_safe_html(vector).into_string();
        let lower = html.to_ascii_lowercase();
        for tag in [
            "<script", "<img", "<iframe", "<svg", "<style", "<meta", "<object", "<form", "<div",
            "<details", "<body", "<button",
        ] {
            assert!(!lower.contains(tag), "{vector:?} gave {html:?}");
        }
        for attribute in [
            " on",
            " style=",
            " src=",
            " id=",
            " class=",
            " target=",
            " action=",
            " background=",
        ] {
            let in_a_tag = lower.split('<').skip(1).any(|tag| {
                tag.split('>')
                    .next()
                    .unwrap_or_default()
                    .contains(attribute)
            });
            assert!(!in_a_tag, "{attribute} in a tag: {vector:?} gave {html:?}");
        }
        for scheme in ["javascript:", "vbscript:", "data:"] {
            let in_a_link = lower
                .split("href=\"")
                .skip(1)
                .any(|rest| rest.starts_with(scheme));
            assert!(!in_a_link, "{vector:?} gave {html:?}");
        }
        assert!(!lower.contains("href=\"//"), "{vector:?} gave {html:?}");
    }
}

#[test]
fn a_summary_is_the_first_words_as_text() {
    assert_eq!(
        summary("## Exams\n\nThe **timetable** is out.", 100),
        "Exams The timetable is out."
    );
    assert_eq!(summary("one two three four", 9), "one two…");
    assert_eq!(summary("<script>x</script>", 100), "");
}

#[test]
fn only_attached_images_are_shown_and_they_get_their_copies_and_size() {
    let path = "/files/12-0123456789abcdef0123-960.jpg";
    assert_eq!(
        to_safe_html(&format!("![Campus]({path})")).into_string(),
        format!("<p><img src=\"{path}\" alt=\"Campus\"></p>\n")
    );
    for elsewhere in [
        "![Campus](https://tracker.test/pixel.png)",
        "![Campus](/files/../account)",
        "![Campus](/files/12.jpg?x=1)",
        "![Campus](//tracker.test/pixel.png)",
    ] {
        assert_eq!(
            to_safe_html(elsewhere).as_str(),
            "<p>Campus</p>\n",
            "{elsewhere}"
        );
    }
    let set = ImageSet {
        copies: vec![
            ("/files/12-0123456789abcdef0123-480.jpg".to_owned(), 480),
            (path.to_owned(), 960),
        ],
        width: 960,
        height: 640,
    };
    let html = to_safe_html_with(
        &format!(
            "![Campus]({path}) and ![Hall](/files/13-0123456789abcdef0123-480.jpg)\n\n![Lawn]({path})"
        ),
        &HashMap::from([(path.to_owned(), set)]),
    )
    .into_string();
    // The first loads with the page, first of its requests; the next as it comes near.
    let set_of = |alt: &str, loading: &str| {
        format!(
            "<img src=\"{path}\" srcset=\"/files/12-0123456789abcdef0123-480.jpg 480w, {path} 960w\" sizes=\"(min-width: 48rem) 44rem, calc(100vw - 2.5rem)\" width=\"960\" height=\"640\"{loading} decoding=\"async\" alt=\"{alt}\">"
        )
    };
    assert_eq!(
        html,
        format!(
            "<p>{} and <img src=\"/files/13-0123456789abcdef0123-480.jpg\" alt=\"Hall\"></p>\n<p>{}</p>\n",
            set_of("Campus", r#" fetchpriority="high""#),
            set_of("Lawn", r#" loading="lazy""#)
        )
    );
    assert_eq!(
        image_paths(&format!(
            "![a]({path}) ![b]({path}) ![c](https://x.test/y.png)"
        )),
        [path]
    );
}
