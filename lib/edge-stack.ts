import { Stack, type StackProps } from 'aws-cdk-lib';
import type { Construct } from 'constructs';
import type { HttpRoute } from '../lambdas/http/routes';
import { SiteFirewall } from './constructs/site-firewall';

/** Props of {@link EdgeStack}. */
export interface EdgeStackProps extends StackProps {
  /** The API's routes the firewall's rules are built from. */
  readonly routes: readonly HttpRoute[];
}

/**
 * What CloudFront needs in us-east-1 when the app lives elsewhere: the site's WAF web ACL (a CloudFront web
 * ACL can only be created there). The app stack reads its ARN through a cross-region reference.
 */
export class EdgeStack extends Stack {
  public readonly firewall: SiteFirewall;

  constructor(scope: Construct, id: string, props: EdgeStackProps) {
    super(scope, id, props);
    this.firewall = new SiteFirewall(this, 'Firewall', { routes: props.routes });
  }
}
