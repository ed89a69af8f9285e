//xfail:NOT_ALL_VERIFIED
//--local_size=[16,16] --num_groups=[4,4]
// expect: racy — the dst x coordinate is the group id, so the 16 work-items of a row in one group all write dst pixel (get_group_id(0), y) with different averages
__kernel void k(read_only image2d_t src, write_only image2d_t dst)
{
  const sampler_t smp = CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_CLAMP_TO_EDGE | CLK_FILTER_NEAREST;
  int x = get_global_id(0);
  int y = get_global_id(1);
  float4 s = read_imagef(src, smp, (int2)(2 * x, 2 * y))
           + read_imagef(src, smp, (int2)(2 * x + 1, 2 * y))
           + read_imagef(src, smp, (int2)(2 * x, 2 * y + 1))
           + read_imagef(src, smp, (int2)(2 * x + 1, 2 * y + 1));
  write_imagef(dst, (int2)(get_group_id(0), y), 0.25f * s);
}
