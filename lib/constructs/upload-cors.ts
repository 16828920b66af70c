import { Stack, Validations } from 'aws-cdk-lib';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import {
  AwsCustomResource,
  AwsCustomResourcePolicy,
  type AwsSdkCall,
  PhysicalResourceId,
} from 'aws-cdk-lib/custom-resources';
import { Construct } from 'constructs';
import { uploadCorsRule } from '../../lambdas/adapters/aws/create-bucket';

/** The construct id CDK gives the singleton function of AwsCustomResource. */
const AWS_CUSTOM_RESOURCE_HELPER = 'AWS679f53fac002430cb0da5b7982bd2287';

/** Props of {@link UploadCors}. */
export interface UploadCorsProps {
  /** The audio bucket browsers upload to with presigned PUTs. */
  readonly bucket: IBucket;
  /** The site's origin (and any extra origins allowed, such as a Vite dev server). */
  readonly allowedOrigins: readonly string[];
}

/**
 * The audio bucket's CORS rule, set from the stateless stack: only the site's origin may PUT (the dashboard's
 * direct upload). The bucket lives in the stateful stack, which cannot name the CloudFront domain without a
 * cycle (the distribution is created after it), so the rule is applied with PutBucketCors once the domain
 * exists, updated with it, and removed with this stack (docs/decisions/operator-dashboard.md).
 */
export class UploadCors extends Construct {
  public readonly resource: AwsCustomResource;

  constructor(scope: Construct, id: string, props: UploadCorsProps) {
    super(scope, id);
    const put: AwsSdkCall = {
      service: 'S3',
      action: 'PutBucketCors',
      parameters: {
        Bucket: props.bucket.bucketName,
        CORSConfiguration: { CORSRules: [uploadCorsRule(props.allowedOrigins)] },
      },
      physicalResourceId: PhysicalResourceId.of(`${props.bucket.bucketName}-upload-cors`),
    };
    this.resource = new AwsCustomResource(this, 'Resource', {
      onCreate: put,
      onUpdate: put,
      onDelete: {
        service: 'S3',
        action: 'DeleteBucketCors',
        parameters: { Bucket: props.bucket.bucketName },
      },
      // PutBucketCors and DeleteBucketCors are both authorized by s3:PutBucketCORS, on this bucket only.
      policy: AwsCustomResourcePolicy.fromStatements([
        new PolicyStatement({ actions: ['s3:PutBucketCORS'], resources: [props.bucket.bucketArn] }),
      ]),
      installLatestAwsSdk: false,
    });
    // The helper function behind every AwsCustomResource is a stack-wide singleton next to this construct.
    const helper = Stack.of(this).node.tryFindChild(AWS_CUSTOM_RESOURCE_HELPER);
    if (helper) {
      Validations.of(helper).acknowledge({
        id: 'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]',
        reason:
          'The AWS managed basic execution policy only lets CDK’s custom-resource helper write its own logs.',
      });
    }
  }
}
