//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=32
// expect: racy — hist[keys[i] % nbins] += 1 with plain accesses: two keys may share a bin
__kernel void histogram_global_plain(__global const uint *keys, int n, __global uint *hist, uint nbins)
{
    int i = get_global_id(0);
    if (i < n)
        hist[keys[i] % nbins] += 1;
}
