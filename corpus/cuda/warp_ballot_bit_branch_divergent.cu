//xfail:NOT_ALL_VERIFIED
//--blockDim=128 --gridDim=8
// expect: divergent — the branch tests this lane's own bit of the ballot, which differs between the lanes of a warp, and only the lanes with a set bit reach __syncwarp().
// As swap_if_any_positive, but each lane tests its own vote: the warp barrier sits in a lane-dependent branch.
#define FULL_MASK 0xffffffffu

__global__ void swap_if_own_positive(const int *in, int *out)
{
    __shared__ int s[128];
    unsigned int t = threadIdx.x;
    unsigned int lane = t % 32;
    int x = in[blockIdx.x * 128 + t];
    s[t] = x;
    __syncwarp();
    unsigned int positive = __ballot_sync(FULL_MASK, x > 0);
    if ((positive >> lane) & 1) {
        __syncwarp();
        out[blockIdx.x * 128 + t] = s[t ^ 1];
    }
}
