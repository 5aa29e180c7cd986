//! The provider driven over HTTP the way a relying party and a browser would, redirects not
//! followed so that every step can be looked at.

use std::collections::HashMap;
use std::time::Duration;

use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use dev_oidc::{Account, RunningProvider, Settings};
use jsonwebtoken::{Algorithm, DecodingKey, Validation};
use reqwest::StatusCode;
use reqwest::header::{CACHE_CONTROL, CONTENT_SECURITY_POLICY, LOCATION};
use serde_json::Value;
use sha2::{Digest, Sha256};
use url::Url;

const NOTICE: &str =
    "Development sign-in provider \u{2014} this is not Google. For development and tests only.";

fn http() -> reqwest::Client {
    reqwest::Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .unwrap()
}

/// What a relying party keeps between sending the browser off and the callback.
struct Flow {
    state: String,
    nonce: String,
    verifier: String,
    redirect_uri: String,
}

impl Flow {
    fn new(tag: &str) -> Self {
        Flow {
            state: format!("state-{tag}"),
            nonce: format!("nonce-{tag}"),
            verifier: format!("verifier-{tag}-0123456789abcdefghijklmnopqrstuvwxyz"),
            redirect_uri: "http://127.0.0.1:8080/auth/callback".into(),
        }
    }

    fn challenge(&self) -> String {
        URL_SAFE_NO_PAD.encode(Sha256::digest(self.verifier.as_bytes()))
    }

    fn params(&self, oidc: &RunningProvider) -> Vec<(&'static str, String)> {
        vec![
            ("response_type", "code".into()),
            ("client_id", oidc.client_id.clone()),
            ("redirect_uri", self.redirect_uri.clone()),
            ("scope", "openid email profile".into()),
            ("state", self.state.clone()),
            ("nonce", self.nonce.clone()),
            ("code_challenge", self.challenge()),
            ("code_challenge_method", "S256".into()),
            ("prompt", "select_account".into()),
        ]
    }

    fn authorize_url(&self, oidc: &RunningProvider) -> String {
        let mut url = Url::parse(&oidc.url("/authorize")).unwrap();
        url.query_pairs_mut().extend_pairs(self.params(oidc));
        url.into()
    }
}

fn location(response: &reqwest::Response) -> Url {
    assert_eq!(response.status(), StatusCode::FOUND);
    Url::parse(response.headers()[LOCATION].to_str().unwrap()).unwrap()
}

fn query(url: &Url) -> HashMap<String, String> {
    url.query_pairs().into_owned().collect()
}

/// The name/value pairs the form listing `email` would submit with its button, read from the
/// chooser page itself so the hidden fields are tested too.
fn account_form(page: &str, email: &str) -> Vec<(String, String)> {
    let form = page
        .split("<form")
        .find(|f| f.contains(&format!(r#"name="email" value="{email}""#)))
        .unwrap_or_else(|| panic!("no form for {email}"));
    let form = &form[..form.find("</form>").unwrap()];
    let mut fields = Vec::new();
    for piece in form.split(" name=\"").skip(1) {
        let (name, rest) = piece.split_once('"').unwrap();
        let value = rest
            .strip_prefix(" value=\"")
            .and_then(|v| v.split_once('"'))
            .map(|(v, _)| v.replace("&quot;", "\"").replace("&amp;", "&"))
            .unwrap();
        fields.push((name.to_owned(), value));
    }
    fields
}

/// Opens the chooser and picks the listed account `email`; returns the callback URL.
async fn choose(oidc: &RunningProvider, flow: &Flow, email: &str) -> Url {
    let page = http()
        .get(flow.authorize_url(oidc))
        .send()
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    let response = http()
        .post(oidc.url("/authorize"))
        .form(&account_form(&page, email))
        .send()
        .await
        .unwrap();
    location(&response)
}

async fn code_for(oidc: &RunningProvider, flow: &Flow, email: &str) -> String {
    query(&choose(oidc, flow, email).await)["code"].clone()
}

/// A token request authenticated with HTTP Basic.
async fn exchange(
    oidc: &RunningProvider,
    code: &str,
    flow: &Flow,
    verifier: &str,
) -> reqwest::Response {
    http()
        .post(oidc.url("/token"))
        .basic_auth(&oidc.client_id, Some(&oidc.client_secret))
        .form(&[
            ("grant_type", "authorization_code"),
            ("code", code),
            ("redirect_uri", &flow.redirect_uri),
            ("code_verifier", verifier),
        ])
        .send()
        .await
        .unwrap()
}

/// The `error` and `error_description` of an RFC 6749 error response.
async fn oauth_error(response: reqwest::Response, status: StatusCode) -> (String, String) {
    assert_eq!(response.status(), status);
    assert_eq!(response.headers()[CACHE_CONTROL], "no-store");
    let body: Value = response.json().await.unwrap();
    let field = |name: &str| body[name].as_str().unwrap().to_owned();
    (field("error"), field("error_description"))
}

/// Checks the ID token's signature against the provider's JWKS, as a client must.
async fn verify_id_token(oidc: &RunningProvider, id_token: &str) -> Value {
    let jwks: Value = http()
        .get(oidc.url("/jwks"))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let header = jsonwebtoken::decode_header(id_token).unwrap();
    let jwk = jwks["keys"]
        .as_array()
        .unwrap()
        .iter()
        .find(|k| Some(k["kid"].as_str().unwrap()) == header.kid.as_deref())
        .expect("the token's kid is in the JWKS");
    assert_eq!(jwk["kty"], "RSA");
    assert_eq!(jwk["alg"], "RS256");
    assert_eq!(jwk["use"], "sig");
    let key =
        DecodingKey::from_rsa_components(jwk["n"].as_str().unwrap(), jwk["e"].as_str().unwrap())
            .unwrap();
    let mut validation = Validation::new(Algorithm::RS256);
    validation.set_audience(&[&oidc.client_id]);
    validation.set_issuer(&[&oidc.issuer]);
    validation.set_required_spec_claims(&["exp", "iat", "iss", "aud", "sub"]);
    jsonwebtoken::decode::<Value>(id_token, &key, &validation)
        .expect("the ID token verifies against the JWKS")
        .claims
}

#[tokio::test]
async fn discovery_describes_the_endpoints() {
    let oidc = dev_oidc::start(Settings::default()).await.unwrap();
    let response = http()
        .get(oidc.url("/.well-known/openid-configuration"))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::OK);
    let d: Value = response.json().await.unwrap();
    assert_eq!(oidc.issuer, format!("http://{}", oidc.addr));
    assert_eq!(d["issuer"], oidc.issuer);
    assert_eq!(d["authorization_endpoint"], oidc.url("/authorize"));
    assert_eq!(d["token_endpoint"], oidc.url("/token"));
    assert_eq!(d["jwks_uri"], oidc.url("/jwks"));
    assert_eq!(d["userinfo_endpoint"], oidc.url("/userinfo"));
    assert_eq!(d["response_types_supported"], serde_json::json!(["code"]));
    assert_eq!(d["subject_types_supported"], serde_json::json!(["public"]));
    assert_eq!(
        d["id_token_signing_alg_values_supported"],
        serde_json::json!(["RS256"])
    );
    assert_eq!(
        d["scopes_supported"],
        serde_json::json!(["openid", "email", "profile"])
    );
    assert_eq!(
        d["token_endpoint_auth_methods_supported"],
        serde_json::json!(["client_secret_basic", "client_secret_post"])
    );
    assert_eq!(
        d["code_challenge_methods_supported"],
        serde_json::json!(["S256"])
    );
    let claims = d["claims_supported"].as_array().unwrap();
    for claim in ["sub", "email", "email_verified", "name", "nonce"] {
        assert!(claims.iter().any(|c| c == claim), "{claim}");
    }
    let health = http().get(oidc.url("/healthz")).send().await.unwrap();
    assert_eq!(health.status(), StatusCode::OK);
    oidc.stop().await;
}

#[tokio::test]
async fn chooser_is_shown_on_every_request() {
    let oidc = dev_oidc::start(Settings::default()).await.unwrap();
    let flow = Flow::new("chooser");
    let with_prompt = flow.authorize_url(&oidc);
    let without_prompt = with_prompt.replace("&prompt=select_account", "");
    assert_ne!(with_prompt, without_prompt);
    // The same browser asking three times sees the chooser three times: there is no session.
    for url in [&with_prompt, &without_prompt, &with_prompt] {
        let response = http().get(url.as_str()).send().await.unwrap();
        assert_eq!(response.status(), StatusCode::OK);
        let csp = response.headers()[CONTENT_SECURITY_POLICY]
            .to_str()
            .unwrap()
            .to_owned();
        assert!(csp.contains("default-src 'none'"), "{csp}");
        let page = response.text().await.unwrap();
        assert!(page.contains(r#"<html lang="en">"#));
        assert!(page.contains("<title>Choose an account"));
        assert!(page.contains("<h1>Choose an account</h1>"));
        assert!(page.contains(NOTICE));
        for account in Account::defaults() {
            assert!(page.contains(&account.name), "{}", account.name);
            assert!(page.contains(&account.email), "{}", account.email);
        }
        assert!(page.contains("Use another account"));
        assert!(page.contains(r#"<label for="other-name">Name</label>"#));
        assert!(page.contains(r#"<label for="other-email">Email</label>"#));
        assert!(page.contains(r#"<label for="other-verified">Email verified</label>"#));
        assert!(page.contains(r#"name="email_verified" value="true" checked"#));
        assert!(page.contains(r#"value="cancel">Cancel</button>"#));
        assert!(!page.contains("<script"));
        // The request travels in the forms.
        assert!(page.contains(&format!(r#"name="state" value="{}""#, flow.state)));
        assert!(page.contains(&format!(
            r#"name="code_challenge" value="{}""#,
            flow.challenge()
        )));
    }
    oidc.stop().await;
}

#[tokio::test]
async fn configured_accounts_replace_the_defaults() {
    let settings = Settings {
        accounts: vec![Account::new("Test Person", "test.person@example.org", true)],
        ..Settings::default()
    };
    let oidc = dev_oidc::start(settings).await.unwrap();
    let page = http()
        .get(Flow::new("accounts").authorize_url(&oidc))
        .send()
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    assert!(page.contains("test.person@example.org"));
    assert!(!page.contains("asha.rao@example.com"));
    oidc.stop().await;
}

#[tokio::test]
async fn code_flow_gives_an_id_token_signed_with_the_jwks_key() {
    let oidc = dev_oidc::start(Settings::default()).await.unwrap();
    let flow = Flow::new("happy");
    let callback = choose(&oidc, &flow, "asha.rao@example.com").await;
    assert_eq!(
        callback.origin(),
        Url::parse(&flow.redirect_uri).unwrap().origin()
    );
    assert_eq!(callback.path(), "/auth/callback");
    let q = query(&callback);
    assert_eq!(q["state"], flow.state);
    let code = &q["code"];
    assert!(code.len() >= 32);

    let response = exchange(&oidc, code, &flow, &flow.verifier).await;
    assert_eq!(response.status(), StatusCode::OK);
    assert_eq!(response.headers()[CACHE_CONTROL], "no-store");
    let body: Value = response.json().await.unwrap();
    assert_eq!(body["token_type"], "Bearer");
    assert_eq!(body["expires_in"], 3600);
    assert_eq!(body["scope"], "openid email profile");
    let access_token = body["access_token"].as_str().unwrap();
    let claims = verify_id_token(&oidc, body["id_token"].as_str().unwrap()).await;
    assert_eq!(claims["iss"], oidc.issuer);
    assert_eq!(claims["aud"], oidc.client_id);
    assert_eq!(claims["nonce"], flow.nonce);
    assert_eq!(claims["email"], "asha.rao@example.com");
    assert_eq!(claims["email_verified"], true);
    assert_eq!(claims["name"], "Asha Rao");
    let sub = claims["sub"].as_str().unwrap();
    assert_eq!(sub, Account::defaults()[0].subject());
    let (iat, exp) = (
        claims["iat"].as_u64().unwrap(),
        claims["exp"].as_u64().unwrap(),
    );
    assert_eq!(exp - iat, 600);
    assert!(claims["auth_time"].as_u64().unwrap() <= iat);

    // A tampered token no longer verifies.
    let id_token = body["id_token"].as_str().unwrap();
    let (unsigned, _) = id_token.rsplit_once('.').unwrap();
    let forged_claims = URL_SAFE_NO_PAD
        .encode(serde_json::to_vec(&serde_json::json!({ "sub": "someone-else" })).unwrap());
    let (head, _) = unsigned.split_once('.').unwrap();
    let forged = format!(
        "{head}.{forged_claims}.{}",
        id_token.rsplit_once('.').unwrap().1
    );
    let jwk = &http()
        .get(oidc.url("/jwks"))
        .send()
        .await
        .unwrap()
        .json::<Value>()
        .await
        .unwrap()["keys"][0];
    let key =
        DecodingKey::from_rsa_components(jwk["n"].as_str().unwrap(), jwk["e"].as_str().unwrap())
            .unwrap();
    assert!(
        jsonwebtoken::decode::<Value>(&forged, &key, &Validation::new(Algorithm::RS256)).is_err()
    );

    // The access token opens userinfo, for the same person.
    let info: Value = http()
        .get(oidc.url("/userinfo"))
        .bearer_auth(access_token)
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    assert_eq!(info["sub"], sub);
    assert_eq!(info["email"], "asha.rao@example.com");
    assert_eq!(info["email_verified"], true);
    assert_eq!(info["name"], "Asha Rao");
    let no_token = http()
        .get(oidc.url("/userinfo"))
        .bearer_auth("nope")
        .send()
        .await
        .unwrap();
    assert_eq!(no_token.status(), StatusCode::UNAUTHORIZED);
    oidc.stop().await;
}

#[tokio::test]
async fn client_secret_post_works_and_unverified_stays_unverified() {
    let oidc = dev_oidc::start(Settings::default()).await.unwrap();
    let flow = Flow::new("post");
    let code = code_for(&oidc, &flow, "unverified@example.com").await;
    let response = http()
        .post(oidc.url("/token"))
        .form(&[
            ("grant_type", "authorization_code"),
            ("code", &code),
            ("redirect_uri", &flow.redirect_uri),
            ("code_verifier", &flow.verifier),
            ("client_id", &oidc.client_id),
            ("client_secret", &oidc.client_secret),
        ])
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::OK);
    let body: Value = response.json().await.unwrap();
    let claims = verify_id_token(&oidc, body["id_token"].as_str().unwrap()).await;
    assert_eq!(claims["email"], "unverified@example.com");
    assert_eq!(claims["email_verified"], false);
    oidc.stop().await;
}

#[tokio::test]
async fn wrong_verifier_is_invalid_grant_and_burns_the_code() {
    let oidc = dev_oidc::start(Settings::default()).await.unwrap();
    let flow = Flow::new("verifier");
    let code = code_for(&oidc, &flow, "ravi.kumar@example.com").await;
    let other = Flow::new("someone-else").verifier;
    let response = exchange(&oidc, &code, &flow, &other).await;
    let (error, description) = oauth_error(response, StatusCode::BAD_REQUEST).await;
    assert_eq!(error, "invalid_grant");
    assert!(description.contains("code_verifier"), "{description}");
    // A code is tried once: even the right verifier is now too late.
    let response = exchange(&oidc, &code, &flow, &flow.verifier).await;
    assert_eq!(
        oauth_error(response, StatusCode::BAD_REQUEST).await.0,
        "invalid_grant"
    );
    oidc.stop().await;
}

#[tokio::test]
async fn reused_code_is_invalid_grant_and_revokes_its_token() {
    let oidc = dev_oidc::start(Settings::default()).await.unwrap();
    let flow = Flow::new("reuse");
    let code = code_for(&oidc, &flow, "asha.rao@example.com").await;
    let first = exchange(&oidc, &code, &flow, &flow.verifier).await;
    assert_eq!(first.status(), StatusCode::OK);
    let access_token = first.json::<Value>().await.unwrap()["access_token"]
        .as_str()
        .unwrap()
        .to_owned();
    let again = exchange(&oidc, &code, &flow, &flow.verifier).await;
    let (error, description) = oauth_error(again, StatusCode::BAD_REQUEST).await;
    assert_eq!(error, "invalid_grant");
    assert!(description.contains("already used"), "{description}");
    let info = http()
        .get(oidc.url("/userinfo"))
        .bearer_auth(&access_token)
        .send()
        .await
        .unwrap();
    assert_eq!(info.status(), StatusCode::UNAUTHORIZED);
    oidc.stop().await;
}

#[tokio::test]
async fn wrong_secret_is_invalid_client() {
    let oidc = dev_oidc::start(Settings::default()).await.unwrap();
    let flow = Flow::new("secret");
    let code = code_for(&oidc, &flow, "asha.rao@example.com").await;
    let form = [
        ("grant_type", "authorization_code"),
        ("code", code.as_str()),
        ("redirect_uri", flow.redirect_uri.as_str()),
        ("code_verifier", flow.verifier.as_str()),
    ];
    let basic = http()
        .post(oidc.url("/token"))
        .basic_auth(&oidc.client_id, Some("not-the-secret"))
        .form(&form)
        .send()
        .await
        .unwrap();
    assert!(basic.headers().contains_key("www-authenticate"));
    assert_eq!(
        oauth_error(basic, StatusCode::UNAUTHORIZED).await.0,
        "invalid_client"
    );
    let mut post_form = form.to_vec();
    post_form.extend([
        ("client_id", "college-site-dev"),
        ("client_secret", "wrong"),
    ]);
    let post = http()
        .post(oidc.url("/token"))
        .form(&post_form)
        .send()
        .await
        .unwrap();
    assert_eq!(
        oauth_error(post, StatusCode::UNAUTHORIZED).await.0,
        "invalid_client"
    );
    let anonymous = http()
        .post(oidc.url("/token"))
        .form(&form)
        .send()
        .await
        .unwrap();
    assert_eq!(
        oauth_error(anonymous, StatusCode::UNAUTHORIZED).await.0,
        "invalid_client"
    );
    // Client authentication failed before the code was looked at, so it still works.
    let response = exchange(&oidc, &code, &flow, &flow.verifier).await;
    assert_eq!(response.status(), StatusCode::OK);
    oidc.stop().await;
}

#[tokio::test]
async fn expired_code_is_invalid_grant() {
    let settings = Settings {
        code_lifetime: Duration::from_millis(1),
        ..Settings::default()
    };
    let oidc = dev_oidc::start(settings).await.unwrap();
    let flow = Flow::new("expired");
    let code = code_for(&oidc, &flow, "asha.rao@example.com").await;
    tokio::time::sleep(Duration::from_millis(20)).await;
    let response = exchange(&oidc, &code, &flow, &flow.verifier).await;
    let (error, description) = oauth_error(response, StatusCode::BAD_REQUEST).await;
    assert_eq!(error, "invalid_grant");
    assert!(description.contains("expired"), "{description}");
    oidc.stop().await;
}

#[tokio::test]
async fn token_request_must_match_the_authorization_request() {
    let oidc = dev_oidc::start(Settings::default()).await.unwrap();
    let flow = Flow::new("match");
    let code = code_for(&oidc, &flow, "asha.rao@example.com").await;
    let elsewhere = Flow {
        redirect_uri: "http://127.0.0.1:8080/other".into(),
        ..Flow::new("match")
    };
    let response = exchange(&oidc, &code, &elsewhere, &flow.verifier).await;
    let (error, description) = oauth_error(response, StatusCode::BAD_REQUEST).await;
    assert_eq!(error, "invalid_grant");
    assert!(description.contains("redirect_uri"), "{description}");

    let unsupported = http()
        .post(oidc.url("/token"))
        .basic_auth(&oidc.client_id, Some(&oidc.client_secret))
        .form(&[("grant_type", "password")])
        .send()
        .await
        .unwrap();
    assert_eq!(
        oauth_error(unsupported, StatusCode::BAD_REQUEST).await.0,
        "unsupported_grant_type"
    );
    let missing = http()
        .post(oidc.url("/token"))
        .basic_auth(&oidc.client_id, Some(&oidc.client_secret))
        .form(&[("grant_type", "authorization_code"), ("code", "x")])
        .send()
        .await
        .unwrap();
    assert_eq!(
        oauth_error(missing, StatusCode::BAD_REQUEST).await.0,
        "invalid_request"
    );
    oidc.stop().await;
}

#[tokio::test]
async fn untrusted_redirect_uri_or_client_gets_a_page_not_a_redirect() {
    let settings = Settings {
        redirect_uris: vec!["https://college.example/auth/callback".into()],
        ..Settings::default()
    };
    let oidc = dev_oidc::start(settings).await.unwrap();
    let mut cases = Vec::new();
    for bad in [
        "https://evil.example/cb",
        "javascript:alert(1)",
        "/relative",
        "",
    ] {
        let flow = Flow {
            redirect_uri: bad.into(),
            ..Flow::new("bad")
        };
        cases.push(flow.authorize_url(&oidc));
    }
    let flow = Flow::new("client");
    cases.push(
        flow.authorize_url(&oidc)
            .replace("client_id=college-site-dev", "client_id=intruder"),
    );
    for url in cases {
        let response = http().get(&url).send().await.unwrap();
        assert_eq!(response.status(), StatusCode::BAD_REQUEST, "{url}");
        assert!(response.headers().get(LOCATION).is_none(), "{url}");
        let page = response.text().await.unwrap();
        assert!(
            page.contains("This sign-in request cannot be completed"),
            "{url}"
        );
        assert!(!page.contains("Choose an account</h1>"), "{url}");
    }
    // The same holds for a forged POST.
    let mut form = Flow {
        redirect_uri: "https://evil.example/cb".into(),
        ..Flow::new("post")
    }
    .params(&oidc);
    form.extend([
        ("choice", "account".into()),
        ("email", "asha.rao@example.com".into()),
    ]);
    let response = http()
        .post(oidc.url("/authorize"))
        .form(&form)
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::BAD_REQUEST);
    assert!(response.headers().get(LOCATION).is_none());

    // A registered redirect URI that is not on loopback is fine.
    let registered = Flow {
        redirect_uri: "https://college.example/auth/callback".into(),
        ..Flow::new("ok")
    };
    let response = http()
        .get(registered.authorize_url(&oidc))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::OK);
    oidc.stop().await;
}

#[tokio::test]
async fn other_mistakes_are_reported_to_the_client() {
    let oidc = dev_oidc::start(Settings::default()).await.unwrap();
    let flow = Flow::new("errors");
    let good = flow.authorize_url(&oidc);
    let challenge = format!("&code_challenge={}", flow.challenge());
    for (url, what) in [
        (good.replace(&challenge, ""), "no code_challenge"),
        (
            good.replace("code_challenge_method=S256", "code_challenge_method=plain"),
            "plain PKCE",
        ),
        (
            good.replace("scope=openid+email+profile", "scope=email"),
            "no openid scope",
        ),
        (
            good.replace("response_type=code", "response_type=token"),
            "implicit",
        ),
        (good.replace("&nonce=nonce-errors", ""), "no nonce"),
        (format!("{good}&state=again"), "repeated state"),
    ] {
        let response = http().get(&url).send().await.unwrap();
        let callback = location(&response);
        assert!(callback.as_str().starts_with(&flow.redirect_uri), "{what}");
        let q = query(&callback);
        assert_eq!(q["error"], "invalid_request", "{what}");
        assert!(!q["error_description"].is_empty(), "{what}");
        assert!(!q.contains_key("code"), "{what}");
        if what != "repeated state" {
            assert_eq!(q["state"], flow.state, "{what}");
        }
    }
    let response = http()
        .get(good.replace("prompt=select_account", "prompt=none"))
        .send()
        .await
        .unwrap();
    assert_eq!(query(&location(&response))["error"], "login_required");
    oidc.stop().await;
}

#[tokio::test]
async fn cancel_says_access_denied() {
    let oidc = dev_oidc::start(Settings::default()).await.unwrap();
    let flow = Flow::new("cancel");
    let mut form = flow.params(&oidc);
    form.push(("choice", "cancel".into()));
    let response = http()
        .post(oidc.url("/authorize"))
        .form(&form)
        .send()
        .await
        .unwrap();
    let q = query(&location(&response));
    assert_eq!(q["error"], "access_denied");
    assert_eq!(q["state"], flow.state);
    assert!(!q.contains_key("code"));
    oidc.stop().await;
}

#[tokio::test]
async fn another_account_can_be_typed_in() {
    let oidc = dev_oidc::start(Settings::default()).await.unwrap();
    let flow = Flow::new("other");
    let mut form = flow.params(&oidc);
    form.extend([
        ("choice", "other".into()),
        ("name", "Meera Iyer".into()),
        ("email", "meera@example.net".into()),
        // email_verified left unchecked: absent from the form.
    ]);
    let response = http()
        .post(oidc.url("/authorize"))
        .form(&form)
        .send()
        .await
        .unwrap();
    let code = query(&location(&response))["code"].clone();
    let body: Value = exchange(&oidc, &code, &flow, &flow.verifier)
        .await
        .json()
        .await
        .unwrap();
    let claims = verify_id_token(&oidc, body["id_token"].as_str().unwrap()).await;
    assert_eq!(claims["email"], "meera@example.net");
    assert_eq!(claims["name"], "Meera Iyer");
    assert_eq!(claims["email_verified"], false);

    // A bad email shows the chooser again with the error, keeping what was typed.
    let mut form = flow.params(&oidc);
    form.extend([
        ("choice", "other".into()),
        ("name", "Typo".into()),
        ("email", "not an email".into()),
        ("email_verified", "true".into()),
    ]);
    let response = http()
        .post(oidc.url("/authorize"))
        .form(&form)
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::BAD_REQUEST);
    let page = response.text().await.unwrap();
    assert!(page.contains(r#"role="alert""#));
    assert!(page.contains(r#"aria-invalid="true""#));
    assert!(page.contains(r#"value="Typo""#));
    assert!(page.contains("Choose an account</h1>"));
    oidc.stop().await;
}

#[tokio::test]
async fn sign_in_skips_the_page_for_browserless_tests() {
    let oidc = dev_oidc::start(Settings::default()).await.unwrap();
    let flow = Flow::new("direct");
    let someone = Account::new("Direct Person", "direct@example.com", true);
    let callback = oidc.sign_in(&flow.authorize_url(&oidc), &someone).unwrap();
    let q = query(&callback);
    assert_eq!(q["state"], flow.state);
    let body: Value = exchange(&oidc, &q["code"], &flow, &flow.verifier)
        .await
        .json()
        .await
        .unwrap();
    let claims = verify_id_token(&oidc, body["id_token"].as_str().unwrap()).await;
    assert_eq!(claims["email"], "direct@example.com");
    assert_eq!(claims["sub"], someone.subject());

    let bad = Flow {
        redirect_uri: "https://evil.example/cb".into(),
        ..Flow::new("x")
    };
    assert!(oidc.sign_in(&bad.authorize_url(&oidc), &someone).is_err());
    oidc.stop().await;
}

#[tokio::test]
async fn stop_closes_the_port() {
    let oidc = dev_oidc::start(Settings::default()).await.unwrap();
    let health = oidc.url("/healthz");
    assert!(
        http()
            .get(&health)
            .send()
            .await
            .unwrap()
            .status()
            .is_success()
    );
    oidc.stop().await;
    assert!(http().get(&health).send().await.is_err());
}
