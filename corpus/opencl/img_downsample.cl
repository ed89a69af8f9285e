//pass
//--local_size=[16,16] --num_groups=[4,4]
// expect: drf — each work-item averages a 2x2 block of the read_only source and writes its own dst pixel (x, y)
__kernel void k(read_only image2d_t src, write_only image2d_t dst)
{
  const sampler_t smp = CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_CLAMP_TO_EDGE | CLK_FILTER_NEAREST;
  int x = get_global_id(0);
  int y = get_global_id(1);
  float4 s = read_imagef(src, smp, (int2)(2 * x, 2 * y))
           + read_imagef(src, smp, (int2)(2 * x + 1, 2 * y))
           + read_imagef(src, smp, (int2)(2 * x, 2 * y + 1))
           + read_imagef(src, smp, (int2)(2 * x + 1, 2 * y + 1));
  write_imagef(dst, (int2)(x, y), 0.25f * s);
}
