//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=16
// expect: racy — d[i] = d[i + 1] - d[i] in place: d[i + 1] is the output of its neighbour
__kernel void adjacent_difference_inplace(__global int *d, int n)
{
    int i = get_global_id(0);
    if (i + 1 < n)
        d[i] = d[i + 1] - d[i];
}
