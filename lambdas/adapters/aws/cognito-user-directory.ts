/** The user pool's accounts and its admins group, through Cognito's administrator API. */
import {
  AdminAddUserToGroupCommand,
  AdminDeleteUserCommand,
  AdminGetUserCommand,
  AdminListGroupsForUserCommand,
  AdminRemoveUserFromGroupCommand,
  AdminUserGlobalSignOutCommand,
  type AttributeType,
  type CognitoIdentityProviderClient,
  ListUsersCommand,
  ListUsersInGroupCommand,
  type UserType,
} from '@aws-sdk/client-cognito-identity-provider';
import type { Account, UserDirectory } from '../../ports/user-directory';

export type CognitoUserDirectoryOptions = {
  readonly userPoolId: string;
  readonly adminGroup: string;
};

function attribute(attributes: readonly AttributeType[] | undefined, name: string): string | undefined {
  return attributes?.find((a) => a.Name === name)?.Value;
}

function toAccount(
  username: string | undefined,
  attributes: readonly AttributeType[] | undefined,
  created: Date | undefined,
  status: string | undefined,
): Account {
  return {
    id: attribute(attributes, 'sub') ?? username ?? '',
    email: attribute(attributes, 'email') ?? '',
    createdAt: (created ?? new Date(0)).toISOString(),
    emailVerified: attribute(attributes, 'email_verified') === 'true',
    confirmed: status === 'CONFIRMED',
  };
}

const fromUser = (user: UserType) =>
  toAccount(user.Username, user.Attributes, user.UserCreateDate, user.UserStatus);

const isUserNotFound = (error: unknown) => (error as Error).name === 'UserNotFoundException';

/**
 * Accounts are addressed by `sub`: with email sign-in, Cognito makes the username the sub, and every admin
 * operation accepts it.
 */
export class CognitoUserDirectory implements UserDirectory {
  constructor(
    private readonly cognito: CognitoIdentityProviderClient,
    private readonly options: CognitoUserDirectoryOptions,
  ) {}

  private get pool() {
    return { UserPoolId: this.options.userPoolId };
  }

  async listAccounts(): Promise<Account[]> {
    const accounts: Account[] = [];
    let token: string | undefined;
    do {
      const page = await this.cognito.send(new ListUsersCommand({ ...this.pool, PaginationToken: token }));
      accounts.push(...(page.Users ?? []).map(fromUser));
      token = page.PaginationToken;
    } while (token);
    return accounts;
  }

  async listAdminIds(): Promise<string[]> {
    const ids: string[] = [];
    let token: string | undefined;
    do {
      const page = await this.cognito.send(
        new ListUsersInGroupCommand({ ...this.pool, GroupName: this.options.adminGroup, NextToken: token }),
      );
      ids.push(...(page.Users ?? []).map((u) => fromUser(u).id));
      token = page.NextToken;
    } while (token);
    return ids;
  }

  async hasAnyAdmin(): Promise<boolean> {
    const page = await this.cognito.send(
      new ListUsersInGroupCommand({ ...this.pool, GroupName: this.options.adminGroup, Limit: 1 }),
    );
    return (page.Users ?? []).length > 0;
  }

  async findAccount(id: string): Promise<Account | null> {
    try {
      const user = await this.cognito.send(new AdminGetUserCommand({ ...this.pool, Username: id }));
      return toAccount(user.Username, user.UserAttributes, user.UserCreateDate, user.UserStatus);
    } catch (error) {
      if (isUserNotFound(error)) return null;
      throw error;
    }
  }

  async isAdmin(id: string): Promise<boolean> {
    try {
      const { Groups = [] } = await this.cognito.send(
        new AdminListGroupsForUserCommand({ ...this.pool, Username: id }),
      );
      return Groups.some((g) => g.GroupName === this.options.adminGroup);
    } catch (error) {
      if (isUserNotFound(error)) return false;
      throw error;
    }
  }

  async addToAdmins(id: string): Promise<void> {
    await this.cognito.send(
      new AdminAddUserToGroupCommand({ ...this.pool, Username: id, GroupName: this.options.adminGroup }),
    );
  }

  async removeFromAdmins(id: string): Promise<void> {
    await this.cognito.send(
      new AdminRemoveUserFromGroupCommand({ ...this.pool, Username: id, GroupName: this.options.adminGroup }),
    );
  }

  async signOutEverywhere(id: string): Promise<void> {
    await this.cognito.send(new AdminUserGlobalSignOutCommand({ ...this.pool, Username: id }));
  }

  async deleteAccount(id: string): Promise<void> {
    await this.cognito.send(new AdminDeleteUserCommand({ ...this.pool, Username: id }));
  }
}
