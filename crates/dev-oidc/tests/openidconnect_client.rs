//! The provider as the `openidconnect` crate (the site's client library) sees it: discovery,
//! authorization URL with PKCE, state and nonce, code exchange, ID token verification against
//! the JWKS, and userinfo.

use dev_oidc::{Account, RunningProvider, Settings};
use openidconnect::core::{
    CoreAuthPrompt, CoreAuthenticationFlow, CoreClient, CoreProviderMetadata, CoreUserInfoClaims,
};
use openidconnect::{
    AccessTokenHash, AuthType, AuthorizationCode, ClientId, ClientSecret, CsrfToken, IssuerUrl,
    Nonce, OAuth2TokenResponse, PkceCodeChallenge, RedirectUrl, Scope, TokenResponse,
};

fn http() -> openidconnect::reqwest::Client {
    // As the oauth2 crate advises: never follow redirects from the provider.
    openidconnect::reqwest::Client::builder()
        .redirect(openidconnect::reqwest::redirect::Policy::none())
        .build()
        .unwrap()
}

async fn sign_in_with(oidc: &RunningProvider, auth_type: AuthType, account: &Account) {
    let http = http();
    let issuer = IssuerUrl::new(oidc.issuer.clone()).unwrap();
    let metadata = CoreProviderMetadata::discover_async(issuer, &http)
        .await
        .expect("discovery");
    let client = CoreClient::from_provider_metadata(
        metadata,
        ClientId::new(oidc.client_id.clone()),
        Some(ClientSecret::new(oidc.client_secret.clone())),
    )
    .set_redirect_uri(RedirectUrl::new("http://127.0.0.1:8080/auth/callback".into()).unwrap())
    .set_auth_type(auth_type);

    let (challenge, verifier) = PkceCodeChallenge::new_random_sha256();
    let (url, state, nonce) = client
        .authorize_url(
            CoreAuthenticationFlow::AuthorizationCode,
            CsrfToken::new_random,
            Nonce::new_random,
        )
        .add_scope(Scope::new("email".into()))
        .add_scope(Scope::new("profile".into()))
        .add_prompt(CoreAuthPrompt::SelectAccount)
        .set_pkce_challenge(challenge)
        .url();

    let callback = oidc.sign_in(url.as_str(), account).unwrap();
    let query: std::collections::HashMap<_, _> = callback.query_pairs().into_owned().collect();
    assert_eq!(&query["state"], state.secret());

    let tokens = client
        .exchange_code(AuthorizationCode::new(query["code"].clone()))
        .unwrap()
        .set_pkce_verifier(verifier)
        .request_async(&http)
        .await
        .expect("code exchange");
    let id_token = tokens.id_token().expect("an ID token");
    let verifier = client.id_token_verifier();
    let claims = id_token
        .claims(&verifier, &nonce)
        .expect("a valid ID token");
    assert_eq!(claims.issuer().as_str(), oidc.issuer);
    assert_eq!(claims.email().unwrap().as_str(), account.email);
    assert_eq!(claims.email_verified(), Some(account.email_verified));
    assert_eq!(
        claims.name().unwrap().get(None).unwrap().as_str(),
        account.name
    );
    assert_eq!(claims.subject().as_str(), account.subject());

    let expected_hash = claims.access_token_hash().expect("at_hash");
    let actual_hash = AccessTokenHash::from_token(
        tokens.access_token(),
        id_token.signing_alg().unwrap(),
        id_token.signing_key(&verifier).unwrap(),
    )
    .unwrap();
    assert_eq!(&actual_hash, expected_hash);

    let info: CoreUserInfoClaims = client
        .user_info(tokens.access_token().clone(), None)
        .unwrap()
        .request_async(&http)
        .await
        .expect("userinfo");
    assert_eq!(info.subject(), claims.subject());
    assert_eq!(info.email().unwrap().as_str(), account.email);

    // A second exchange of the same flow fails: the code was single-use.
    let again = client
        .exchange_code(AuthorizationCode::new(query["code"].clone()))
        .unwrap()
        .set_pkce_verifier(openidconnect::PkceCodeVerifier::new("x".repeat(43)))
        .request_async(&http)
        .await;
    assert!(again.is_err());
}

#[tokio::test]
async fn openidconnect_client_signs_in_with_basic_auth() {
    let oidc = dev_oidc::start(Settings::default()).await.unwrap();
    sign_in_with(&oidc, AuthType::BasicAuth, &Account::defaults()[0]).await;
    oidc.stop().await;
}

#[tokio::test]
async fn openidconnect_client_handles_post_and_awkward_credentials() {
    let settings = Settings {
        // Characters that the client must form-encode in Basic credentials.
        client_id: "college site:dev".into(),
        client_secret: "s3cret+/=&".into(),
        ..Settings::default()
    };
    let oidc = dev_oidc::start(settings).await.unwrap();
    sign_in_with(&oidc, AuthType::RequestBody, &Account::defaults()[2]).await;
    sign_in_with(&oidc, AuthType::BasicAuth, &Account::defaults()[1]).await;
    oidc.stop().await;
}
