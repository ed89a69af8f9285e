//pass
//--local_size=128 --num_groups=16
// expect: drf — a grid-stride loop over get_global_size(0), and a tree reduction to get_local_size(0)
__kernel void stride_and_tree(__global float *x, int n, __local float *s, __global float *sums)
{
    for (int i = get_global_id(0); i < n; i += get_global_size(0))
        x[i] = 2.0f * x[i];
    uint lid = get_local_id(0);
    s[lid] = 1.0f;
    barrier(CLK_LOCAL_MEM_FENCE);
    for (uint k = 1; k < get_local_size(0); k *= 2) {
        if (lid % (2 * k) == 0)
            s[lid] += s[lid + k];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (lid == 0)
        sums[get_group_id(0)] = s[0];
}
