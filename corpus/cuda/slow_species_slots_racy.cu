//xfail:NOT_ALL_VERIFIED
//--blockDim=256 --gridDim=64
// expect: racy — the slots are blockDim.x cells apart, not blockDim.x * gridDim.x: thread gid = blockDim.x of block 1 writes slot 1's cell that thread 0 of block 0 writes as slot 2.
// Reaction rates stored slot-major with the slot stride of one block
// instead of the whole grid.
#define RF(q) rf[((q) - 1) * blockDim.x + gid]
__global__ void scaleRatesRacy(float *rf, const float *c)
{
    int gid = threadIdx.x + blockIdx.x * blockDim.x;
    float m = c[gid];
    RF(1) = RF(1) * m;
    RF(2) = RF(2) * m;
    RF(3) = RF(3) * m * m;
    RF(4) = RF(4) * m;
    RF(5) = RF(5) * m;
    RF(7) = RF(7) * m * m;
    RF(8) = RF(8) * m;
    RF(11) = RF(11) * m;
    RF(12) = RF(12) * m;
    RF(15) = RF(15) * m * m;
    RF(16) = RF(16) * m;
    RF(21) = RF(21) * m;
}
#undef RF
