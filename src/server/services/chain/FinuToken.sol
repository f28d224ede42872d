// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";

/// @title FINU, the reward token users convert their points into.
/// @notice OpenZeppelin's ERC20 (18 decimals); the whole supply is minted once to the treasury that deploys it.
contract FinuToken is ERC20 {
    constructor(uint256 initialSupply) ERC20("Finu Token", "FINU") {
        _mint(msg.sender, initialSupply);
    }
}
